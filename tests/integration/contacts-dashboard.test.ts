import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createContact } from '@/server/contacts/create-contact';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createOrg, createUser, deleteOrgs } from '../factories';
import { organizationWithCustomer } from '../platform-factories';
import { sessionCookie, trpc, type TrpcAnswer } from '../support/dashboard-session';
import { randomPhone } from '../support/stack';
import { waitFor } from '../support/wait-for';

/** The dashboard's contacts page over tRPC: import, filters, edits, history, and another organization kept out. */
let world: Awaited<ReturnType<typeof organizationWithCustomer>>;
let otherOrg: { id: string };
let cookie: string;
let templateId: string;

const call = (kind: 'query' | 'mutation', path: string, input: unknown) => trpc(cookie, kind, path, input);
const appCode = (answer: TrpcAnswer) => (answer.error?.data as { appCode?: string } | undefined)?.appCode;
const phonesOf = (answer: TrpcAnswer) =>
  ((answer.data as { data: Array<{ phone_number: string }> }).data ?? []).map((c) => c.phone_number).sort();

before(async () => {
  world = await organizationWithCustomer();
  otherOrg = await createOrg();
  const owner = await createUser({ memberships: [{ orgId: world.orgId, role: 'owner' }] });
  cookie = await sessionCookie(owner);
  await requestTemplateSync(world.orgId, world.account.id);
  const template = await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: world.account.id, name: 'promo_offer', status: 'APPROVED' } }),
    30_000,
  );
  templateId = template.id;
});

after(async () => {
  await deleteOrgs([world.orgId, otherOrg.id]);
  await db.$disconnect();
  closeRedis();
});

describe('importing contacts', () => {
  test('good rows are upserted by number in one go; an empty name or tags cell keeps what the contact has; filters find them', async () => {
    const [known, fresh, plain] = [randomPhone(), randomPhone(), randomPhone()];
    await createContact(world.orgId, { phoneNumber: known, name: 'Old name', tags: ['old'] });
    const spaced = `${known.slice(0, 2)} ${known.slice(2, 5)} ${known.slice(5)}`;

    const imported = await call('mutation', 'contacts.import', {
      rows: [
        { phone: spaced, name: 'Xavier Import', tags: ['vip'] },
        { phone: fresh, tags: ['vip', 'wholesale', 'vip'] },
        { phone: plain },
        { phone: fresh, name: 'Second row of the same number' },
      ],
    });
    assert.deepEqual(imported.data, { created: 2, updated: 1, duplicates: 1 });
    const stored = async (phone: string) =>
      db.contact.findUniqueOrThrow({
        where: { orgId_phoneNumber: { orgId: world.orgId, phoneNumber: phone } },
        select: { name: true, tags: true },
      });
    assert.deepEqual(await stored(known), { name: 'Xavier Import', tags: ['vip'] });
    assert.deepEqual(await stored(fresh), { name: null, tags: ['vip', 'wholesale'] }, 'the first row of a number wins');
    assert.deepEqual(await stored(plain), { name: null, tags: [] });

    assert.deepEqual((await call('mutation', 'contacts.import', { rows: [{ phone: known }] })).data, { created: 0, updated: 1, duplicates: 0 });
    assert.deepEqual(await stored(known), { name: 'Xavier Import', tags: ['vip'] }, 'empty cells keep the name and tags');

    assert.deepEqual(phonesOf(await call('query', 'contacts.list', { tag: 'vip' })), [known, fresh].sort());
    assert.deepEqual(phonesOf(await call('query', 'contacts.list', { search: 'xavier imp' })), [known]);
    assert.deepEqual(phonesOf(await call('query', 'contacts.list', { search: plain.slice(-6) })), [plain]);
    const freshId = (await db.contact.findFirstOrThrow({ where: { orgId: world.orgId, phoneNumber: fresh } })).id;
    const edited = await call('mutation', 'contacts.update', { id: freshId, tags: ['wholesale'], optedOutMarketing: true, externalOnly: true });
    assert.deepEqual(
      [
        (edited.data as { tags: string[] }).tags,
        (edited.data as { opted_out_marketing: boolean }).opted_out_marketing,
        (edited.data as { external_only: boolean }).external_only,
      ],
      [['wholesale'], true, true],
    );
    assert.deepEqual(phonesOf(await call('query', 'contacts.list', { optedOut: true })), [fresh]);
    assert.ok(!phonesOf(await call('query', 'contacts.list', { optedOut: false, limit: 200 })).includes(fresh));
    assert.deepEqual(phonesOf(await call('query', 'contacts.list', { tag: 'vip' })), [known]);
    assert.deepEqual(
      ((await call('query', 'contacts.tags', undefined)).data as string[]).filter((t) => t !== 'old'),
      ['vip', 'wholesale'],
    );

    const first = await call('query', 'contacts.list', { limit: 2 });
    const page = first.data as { data: unknown[]; next_cursor?: string };
    assert.equal(page.data.length, 2);
    const second = await call('query', 'contacts.list', { limit: 2, cursor: page.next_cursor });
    assert.equal((second.data as { data: unknown[] }).data.length, 2, 'the next page carries on where the first ended');
  });

  test("a bad row refuses the whole import with the campaign recipients' code and message; nothing is saved", async () => {
    const good = randomPhone();
    const before = await db.contact.count({ where: { orgId: world.orgId } });
    const refused = await call('mutation', 'contacts.import', { rows: [{ phone: good }, { phone: '12345' }] });
    assert.equal(refused.error?.data.code, 'BAD_REQUEST');
    assert.equal(appCode(refused), 'invalid_parameter');
    assert.equal(refused.error?.message, '`rows[1].phone` must be a phone number in international format, such as +14155552671.');
    assert.equal(await db.contact.count({ where: { orgId: world.orgId } }), before, 'a refused import stores nothing');

    const campaign = await call('mutation', 'campaigns.create', { name: 'Check the same rule', templateId });
    const campaignId = (campaign.data as { id: string }).id;
    const recipients = await call('mutation', 'campaigns.addRecipients', {
      id: campaignId,
      recipients: [
        { to: good, parameters: { '1': 'Ann', '2': '10%' } },
        { to: '12345', parameters: { '1': 'Bo', '2': '10%' } },
      ],
    });
    assert.equal(appCode(recipients), appCode(refused));
    assert.equal(recipients.error?.message.replace('recipients[1].to', 'rows[1].phone'), refused.error?.message, 'the same words as a campaign');

    const badTags = await call('mutation', 'contacts.import', { rows: [{ phone: good, tags: ['x'.repeat(51)] }] });
    assert.equal(badTags.error?.data.code, 'BAD_REQUEST');
    assert.equal(await db.contact.count({ where: { orgId: world.orgId, phoneNumber: good } }), 0);
  });
});

describe("another organization's contacts", () => {
  test('are invisible: not listed, their history and edits answer 404, an import of their number makes our own contact', async () => {
    const theirs = await createContact(otherOrg.id, { phoneNumber: randomPhone(), name: 'Their customer', tags: ['theirs'] });
    assert.ok(!phonesOf(await call('query', 'contacts.list', { search: 'Their customer' })).includes(theirs.phone_number));
    assert.ok(!((await call('query', 'contacts.tags', undefined)).data as string[]).includes('theirs'));
    for (const [kind, path, input] of [
      ['query', 'contacts.get', { id: theirs.id }],
      ['query', 'contacts.history', { id: theirs.id }],
      ['mutation', 'contacts.update', { id: theirs.id, tags: ['mine'] }],
    ] as const) {
      const answer = await call(kind, path, input);
      assert.equal(answer.error?.data.code, 'NOT_FOUND', path);
    }
    assert.deepEqual((await call('mutation', 'contacts.import', { rows: [{ phone: theirs.phone_number, name: 'Ours now' }] })).data, {
      created: 1,
      updated: 0,
      duplicates: 0,
    });
    const untouched = await db.contact.findUniqueOrThrow({ where: { id: theirs.id } });
    assert.deepEqual([untouched.name, untouched.tags], ['Their customer', ['theirs']]);
  });
});

describe("a contact's history", () => {
  test('lists their conversation and the campaigns they were in with status and reason, newest first', async () => {
    const campaignIds: string[] = [];
    for (const [name, daysAgo] of [
      ['Older campaign', 30],
      ['Newer campaign', 1],
    ] as const) {
      const created = await call('mutation', 'campaigns.create', { name, templateId });
      const id = (created.data as { id: string }).id;
      await db.campaign.update({ where: { id }, data: { createdAt: new Date(Date.now() - daysAgo * 86_400_000) } });
      await call('mutation', 'campaigns.addRecipients', { id, recipients: [{ to: world.phone, parameters: { '1': 'Ann', '2': '10%' } }] });
      campaignIds.push(id);
    }
    await db.campaignRecipient.updateMany({
      where: { campaignId: campaignIds[0], phoneNumber: world.phone },
      data: { status: 'skipped', errorMessage: 'The contact opted out of marketing.' },
    });
    await db.campaignRecipient.updateMany({ where: { campaignId: campaignIds[1], phoneNumber: world.phone }, data: { status: 'delivered' } });

    const history = (await call('query', 'contacts.history', { id: world.contactId })).data as {
      contact: { id: string };
      conversations: Array<{ account: string; messages: number }>;
      campaigns: Array<{ campaign_name: string; status: string; reason: string | null }>;
    };
    assert.equal(history.contact.id, world.contactId);
    assert.deepEqual(
      history.conversations.map((c) => [c.account, c.messages]),
      [[world.account.name, 1]],
    );
    assert.deepEqual(
      history.campaigns.map((c) => [c.campaign_name, c.status, c.reason]),
      [
        ['Newer campaign', 'delivered', null],
        ['Older campaign', 'skipped', 'The contact opted out of marketing.'],
      ],
    );
  });
});
