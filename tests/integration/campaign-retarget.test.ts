import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { db, type RecipientStatus } from '@/server/db';
import { newId } from '@/server/db/ids';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { closeRedis } from '@/server/redis';
import { createOrg, createUser, deleteOrgs } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie, trpc } from '../support/dashboard-session';
import { randomPhone } from '../support/stack';
import { waitFor } from '../support/wait-for';

/** Variable sources, recipient search and retargeting, through the dashboard's tRPC routes over real HTTP. */
const orgIds: string[] = [];
after(async () => {
  await deleteOrgs(orgIds);
  await db.$disconnect();
  closeRedis();
});

async function tenant() {
  const org = await createOrg();
  orgIds.push(org.id);
  const account = await createConnectedAccount(org.id);
  await requestTemplateSync(org.id, account.id);
  const templateId = async (name: string) =>
    (await waitFor(`template ${name}`, () => db.template.findFirst({ where: { accountId: account.id, name, status: 'APPROVED' } }), 30_000)).id;
  const promo = await templateId('promo_offer');
  const orderUpdate = await templateId('order_update');
  const marketer = await createUser({ memberships: [{ orgId: org.id, role: 'marketer' }] });
  const cookie = await sessionCookie(marketer);
  const call = (kind: 'query' | 'mutation', path: string, input: unknown) => trpc(cookie, kind, `campaigns.${path}`, input);
  const contact = (phone: string, name: string | null) =>
    db.contact.create({ data: { id: newId('contact'), orgId: org.id, accountId: account.id, phoneNumber: phone, name, tags: [] } });
  return { org, account, promo, orderUpdate, call, contact };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

/** The answer's data, failing with the error when there is one. */
function dataOf<T>(answer: { data?: unknown; error?: unknown }): T {
  assert.equal(answer.error, undefined, JSON.stringify(answer.error));
  return answer.data as T;
}

const appCode = (answer: { error?: { data: unknown } }) => (answer.error?.data as { appCode?: string } | undefined)?.appCode;

describe('variables from a fixed value or a contact field', () => {
  test('resolved when recipients are added and when a draft is edited; an empty contact field is missing_template_parameter', async () => {
    const t = await tenant();
    const [ann, bob, cy] = [randomPhone(), randomPhone(), randomPhone()];
    await t.contact(ann, 'Ann');
    await t.contact(bob, null);
    const draft = (await t.call('mutation', 'create', { name: 'Sourced', templateId: t.promo })).data as { id: string };
    const sources = { '1': { kind: 'contact', field: 'name' }, '2': { kind: 'fixed', value: '15%' } };

    const check = await t.call('mutation', 'checkSources', { phoneNumbers: [ann, bob, cy], sources });
    assert.deepEqual(check.data, {
      missing: [
        { index: 1, variable: '1', field: 'name' },
        { index: 2, variable: '1', field: 'name' },
      ],
    });
    const refused = await t.call('mutation', 'addRecipients', {
      id: draft.id,
      recipients: [
        { to: ann, parameters: {} },
        { to: bob, parameters: {} },
      ],
      sources,
    });
    assert.equal(appCode(refused), 'missing_template_parameter', JSON.stringify(refused.error));
    assert.match(refused.error!.message, /^recipients\[1\]: variable `1` comes from the contact's name/);
    assert.equal(await db.campaignRecipient.count({ where: { campaignId: draft.id } }), 0, 'a refused batch saves nobody');

    const added = await t.call('mutation', 'addRecipients', {
      id: draft.id,
      recipients: [{ to: ann, parameters: { '2': 'from the CSV' } }],
      sources: { '1': { kind: 'contact', field: 'name' }, '2': { kind: 'fixed', value: '15%' } },
    });
    assert.equal((added.data as { added: number }).added, 1, JSON.stringify(added.error));
    // Phone as a contact field, the other variable from a CSV column (the row's parameters).
    await t.call('mutation', 'addRecipients', {
      id: draft.id,
      recipients: [{ to: cy, parameters: { '1': 'Cy' } }],
      sources: { '2': { kind: 'contact', field: 'phone' } },
    });
    const stored = async () =>
      Object.fromEntries(
        (await db.campaignRecipient.findMany({ where: { campaignId: draft.id } })).map((r) => [
          r.phoneNumber,
          r.parameters as Record<string, string>,
        ]),
      );
    assert.deepEqual(await stored(), { [ann]: { '1': 'Ann', '2': '15%' }, [cy]: { '1': 'Cy', '2': cy } });

    // The draft edit form: another template, its variables from a fixed value and a contact field (the old ones dropped).
    const noName = await t.call('mutation', 'editDraft', {
      id: draft.id,
      templateId: t.orderUpdate,
      sources: { customer_name: { kind: 'contact', field: 'name' }, order_id: { kind: 'fixed', value: 'A-1' } },
    });
    assert.equal(appCode(noName), 'missing_template_parameter');
    assert.match(
      noName.error!.message,
      new RegExp(`^recipients\\[\\d\\] \\(\\${cy}\\): variable \`customer_name\` comes from the contact's name`),
    );
    await t.contact(cy, 'Cyrus');
    const edited = await t.call('mutation', 'editDraft', {
      id: draft.id,
      templateId: t.orderUpdate,
      sources: { customer_name: { kind: 'contact', field: 'name' }, order_id: { kind: 'fixed', value: 'A-1' } },
    });
    assert.equal(dataOf<{ template_name: string }>(edited).template_name, 'order_update');
    assert.deepEqual(await stored(), {
      [ann]: { customer_name: 'Ann', order_id: 'A-1' },
      [cy]: { customer_name: 'Cyrus', order_id: 'A-1' },
    });
  });
});

describe('searching recipients', () => {
  test('by part of the number or a contact name, with the status filter; another organization gets 404', async () => {
    const t = await tenant();
    const other = await tenant();
    const [ann, bob, cy] = [randomPhone(), randomPhone(), randomPhone()];
    await t.contact(ann, 'Annabel Lee');
    const campaign = await createCampaign(t.org.id, { name: 'Search', templateId: t.promo });
    await addCampaignRecipients(
      t.org.id,
      campaign.id,
      [ann, bob, cy].map((to) => ({ to, parameters: { '1': 'x', '2': 'y' } })),
    );
    await db.campaignRecipient.updateMany({
      where: { campaignId: campaign.id, phoneNumber: bob },
      data: { status: 'skipped', errorMessage: 'Opted out' },
    });
    const search = async (input: Record<string, unknown>) => {
      const answer = await t.call('query', 'recipients', { id: campaign.id, limit: 50, ...input });
      return (answer.data as { data: Array<{ to: string; contact_name: string | null; error_message: string | null }> }).data;
    };
    assert.deepEqual(
      (await search({ search: 'annabel' })).map((r) => [r.to, r.contact_name]),
      [[ann, 'Annabel Lee']],
    );
    assert.deepEqual(
      (await search({ search: bob.slice(-6) })).map((r) => [r.to, r.error_message]),
      [[bob, 'Opted out']],
    );
    assert.deepEqual(await search({ search: bob.slice(-6), status: 'pending' }), []);
    assert.equal((await search({ search: '' })).length, 3);
    assert.deepEqual(await search({ search: 'nobody by that name' }), []);
    const foreign = await other.call('query', 'recipients', { id: campaign.id, limit: 50, search: 'ann' });
    assert.equal(foreign.error?.data.code, 'NOT_FOUND');
  });
});

/** A completed campaign whose recipients ended in each state; `replies` names who tapped a button (quoting it) or wrote after it. */
async function finishedCampaign(t: Tenant, outcomes: Array<{ phone: string; status: RecipientStatus; reply?: 'tap' | 'text' }>) {
  const campaign = await createCampaign(t.org.id, { name: 'Spring sale', templateId: t.promo });
  await addCampaignRecipients(
    t.org.id,
    campaign.id,
    outcomes.map((o, i) => ({ to: o.phone, parameters: { '1': `Person ${i}`, '2': '20%' } })),
  );
  const sentAt = new Date(Date.now() - 60_000);
  for (const outcome of outcomes) {
    const recipient = await db.campaignRecipient.findFirstOrThrow({ where: { campaignId: campaign.id, phoneNumber: outcome.phone } });
    const contact = await db.contact.upsert({
      where: { orgId_phoneNumber: { orgId: t.org.id, phoneNumber: outcome.phone } },
      create: { id: newId('contact'), orgId: t.org.id, accountId: t.account.id, phoneNumber: outcome.phone, tags: [] },
      update: {},
    });
    await db.campaignRecipient.update({ where: { id: recipient.id }, data: { status: outcome.status, contactId: contact.id } });
    if (outcome.status === 'skipped' || outcome.status === 'pending') continue;
    const wamid = `wamid.${newId('message')}`;
    const base = { orgId: t.org.id, contactId: contact.id, accountId: t.account.id, type: 'template' as const };
    await db.message.create({
      data: {
        ...base,
        id: newId('message'),
        direction: 'outgoing',
        status: outcome.status === 'queued' ? 'pending' : outcome.status,
        wamid,
        campaignRecipientId: recipient.id,
        createdAt: sentAt,
      },
    });
    if (outcome.reply) {
      await db.message.create({
        data: {
          ...base,
          id: newId('message'),
          type: 'text',
          direction: 'incoming',
          status: 'delivered',
          content: outcome.reply === 'tap' ? 'Yes please' : 'tell me more',
          buttonPayload: outcome.reply === 'tap' ? 'Yes please' : null,
          contextWamid: outcome.reply === 'tap' ? wamid : null,
        },
      });
    }
  }
  await db.campaign.update({ where: { id: campaign.id }, data: { status: 'completed' } });
  return campaign.id;
}

describe('retargeting a finished campaign', () => {
  test('not_read and no_choice pick the right recipients into a new draft with another template', async () => {
    const t = await tenant();
    const p = Array.from({ length: 7 }, () => randomPhone());
    const [sent, delivered, readSilent, readTapped, deliveredReplied, failed, skipped] = p as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await t.contact(readSilent, 'Rita');
    const id = await finishedCampaign(t, [
      { phone: sent, status: 'sent' },
      { phone: delivered, status: 'delivered' },
      { phone: readSilent, status: 'read' },
      { phone: readTapped, status: 'read', reply: 'tap' },
      { phone: deliveredReplied, status: 'delivered', reply: 'text' },
      { phone: failed, status: 'failed' },
      { phone: skipped, status: 'skipped' },
    ]);
    const counts = await t.call('query', 'retargetAudiences', { id });
    assert.deepEqual(counts.data, { not_read: 3, no_choice: 3 });

    const notRead = await t.call('mutation', 'retarget', {
      id,
      audience: 'not_read',
      templateId: t.promo,
      name: 'Spring sale – reminder',
      sources: { '2': { kind: 'fixed', value: '30%' } },
    });
    const draft = dataOf<{ id: string; status: string; name: string; recipients: { total: number } }>(notRead);
    assert.equal(draft.status, 'draft');
    assert.equal(draft.name, 'Spring sale – reminder');
    assert.equal(draft.recipients.total, 3);
    const recipientsOf = async (campaignId: string) =>
      Object.fromEntries(
        (await db.campaignRecipient.findMany({ where: { campaignId } })).map((r) => [
          r.phoneNumber,
          [r.status, (r.parameters as Record<string, string>)['2']],
        ]),
      );
    assert.deepEqual(await recipientsOf(draft.id), {
      [sent]: ['pending', '30%'],
      [delivered]: ['pending', '30%'],
      [deliveredReplied]: ['pending', '30%'],
    });

    // Another template, {{customer_name}} from the contact: only Rita of the silent ones has a name.
    const sources = { customer_name: { kind: 'contact', field: 'name' }, order_id: { kind: 'fixed', value: 'A-9' } };
    const missing = await t.call('mutation', 'retarget', { id, audience: 'no_choice', templateId: t.orderUpdate, name: 'Follow-up', sources });
    assert.equal(appCode(missing), 'missing_template_parameter');
    await db.contact.updateMany({ where: { orgId: t.org.id, phoneNumber: { in: [sent, delivered] } }, data: { name: 'Pat' } });
    const noChoice = await t.call('mutation', 'retarget', { id, audience: 'no_choice', templateId: t.orderUpdate, name: 'Follow-up', sources });
    const second = dataOf<{ id: string; template_name: string }>(noChoice);
    assert.equal(second.template_name, 'order_update');
    const rows = await db.campaignRecipient.findMany({ where: { campaignId: second.id }, orderBy: { phoneNumber: 'asc' } });
    assert.deepEqual(
      rows.map((r) => [r.phoneNumber, (r.parameters as Record<string, string>).customer_name, (r.parameters as Record<string, string>).order_id]),
      [
        [sent, 'Pat', 'A-9'],
        [delivered, 'Pat', 'A-9'],
        [readSilent, 'Rita', 'A-9'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    assert.ok(
      rows.every((r) => r.contactId),
      'recipients keep their contact',
    );
  });

  test('a campaign that is not completed is refused, another organization gets 404, an empty audience is refused', async () => {
    const t = await tenant();
    const other = await tenant();
    const draft = await createCampaign(t.org.id, { name: 'Not yet', templateId: t.promo });
    const input = { audience: 'not_read', templateId: t.promo, name: 'Again' };
    const early = await t.call('mutation', 'retarget', { id: draft.id, ...input });
    assert.equal(appCode(early), 'campaign_state_conflict');
    assert.equal(early.error!.data.code, 'CONFLICT');
    assert.match(early.error!.message, /^The campaign is draft; only a completed campaign can be retargeted\./);

    const id = await finishedCampaign(t, [{ phone: randomPhone(), status: 'read', reply: 'tap' }]);
    const foreign = await other.call('mutation', 'retarget', { id, ...input, templateId: other.promo });
    assert.equal(foreign.error?.data.code, 'NOT_FOUND');
    assert.equal((await other.call('query', 'retargetAudiences', { id })).error?.data.code, 'NOT_FOUND');
    const foreignTemplate = await t.call('mutation', 'retarget', { id, ...input, templateId: other.promo });
    assert.equal(foreignTemplate.error?.data.code, 'NOT_FOUND');

    const nobody = await t.call('mutation', 'retarget', { id, ...input });
    assert.equal(appCode(nobody), 'invalid_parameter');
    assert.match(nobody.error!.message, /nobody to retarget/);
    assert.equal(await db.campaign.count({ where: { orgId: t.org.id } }), 2, 'no draft was made by a refusal');
  });
});
