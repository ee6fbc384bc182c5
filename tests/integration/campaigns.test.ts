import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { cancelScheduledCampaign } from '@/server/campaigns/cancel-scheduled-campaign';
import { deleteDraftCampaign } from '@/server/campaigns/delete-draft-campaign';
import { dispatchCampaign } from '@/server/campaigns/dispatch-campaign';
import { duplicateCampaign } from '@/server/campaigns/duplicate-campaign';
import { editDraftCampaign } from '@/server/campaigns/edit-draft-campaign';
import { CHUNK_SIZE, maxInFlight } from '@/server/campaigns/hand-off-chunk';
import { rescheduleCampaign } from '@/server/campaigns/reschedule-campaign';
import { sweepCampaigns } from '@/server/campaigns/sweep-campaigns';
import { db, type Account } from '@/server/db';
import { newId } from '@/server/db/ids';
import { demoWorld } from '@/server/seed/demo-world';
import { newTemplateRow } from '@/server/templates/from-platform';
import { createApiKey } from '../api-factories';
import { createOrg, createUser } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie, trpc } from '../support/dashboard-session';
import { v1Caller } from '../support/messages-api';
import { randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';
import { storedAccessToken } from '@/server/accounts/portfolio-token';

/** Campaigns through the real web app, worker and simulator; the engine also called directly with a driven clock. */
after(() => db.$disconnect());

async function addTemplates(account: Account) {
  for (const template of demoWorld.acme.templates)
    await db.template.create({ data: newTemplateRow(template, { orgId: account.orgId, accountId: account.id }) });
}

async function tenant(messagingLimit = 250) {
  const org = await createOrg();
  const account = await createConnectedAccount(org.id);
  await db.businessPortfolio.update({ where: { id: account.portfolioId }, data: { messagingLimit } });
  await addTemplates(account);
  const { key, id: keyId } = await createApiKey(org.id);
  // createApiKey leaves allowed_cidrs NULL, which authenticate() cannot read (reported).
  await db.apiKey.update({ where: { id: keyId }, data: { allowedCidrs: [] } });
  const call = v1Caller(key);
  /** A second number of the same portfolio (and its copies of the templates). */
  const addAccount = async (name: string) => {
    const phoneId = `7${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
    const second = await db.account.create({
      data: {
        id: newId('account'),
        orgId: org.id,
        portfolioId: account.portfolioId,
        name,
        phoneId,
        displayPhoneNumber: '+1 555-000-0000',
        qualityRating: 'GREEN',
      },
    });
    await addTemplates(second);
    return second;
  };
  return { org, account, call, addAccount };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

/** Distinct numbers: with a magic suffix `randomPhone` has only a few random digits left. */
function phones(n: number, suffix = '') {
  const set = new Set<string>();
  while (set.size < n) set.add(randomPhone(suffix));
  return [...set];
}

const promo = (to: string, name = 'Ann') => ({ to, parameters: { '1': name, '2': '20%' } });

async function campaignWith(t: Tenant, phones: string[], extra: Record<string, unknown> = {}) {
  const created = await t.call('POST', '/campaigns', { name: 'Spring sale', template: 'promo_offer', ...extra });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  if (phones.length)
    assert.equal((await t.call('POST', `/campaigns/${created.body.id}/recipients`, { recipients: phones.map((p) => promo(p)) })).status, 200);
  return created.body.id as string;
}

const getCampaign = async (t: Tenant, id: string) => (await t.call('GET', `/campaigns/${id}`)).body;
const waitForStatus = (t: Tenant, id: string, status: string, timeoutMs = 20_000) =>
  waitFor(`campaign ${id} to be ${status}`, async () => ((await getCampaign(t, id)).status === status ? getCampaign(t, id) : false), timeoutMs);
const messagesOf = (campaignId: string) => db.message.count({ where: { campaignRecipient: { campaignId } } });
const events = (orgId: string, type: string) => db.event.findMany({ where: { orgId, type }, orderBy: { createdAt: 'asc' } });

describe('creating and filling a campaign', () => {
  test('create: 201 draft; refusals for unknown, unapproved and ambiguous templates and unknown accounts', async () => {
    const t = await tenant();
    const created = await t.call('POST', '/campaigns', { name: 'Launch', template: 'promo_offer' });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'draft');
    assert.equal(created.body.account, 'main');
    assert.deepEqual(created.body.recipients, { total: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0 });
    const refusals: Array<[unknown, number, string, string?]> = [
      [{ name: 'x', template: 'draft_promo' }, 422, 'template_not_approved', 'template'],
      [{ name: 'x', template: 'nope' }, 404, 'resource_not_found', 'template'],
      [{ name: 'x', template: 'promo_offer', account: 'ghost' }, 422, 'account_not_found', 'account'],
      [{ name: 'x', template: 'promo_offer', template_id: 'tpl_x' }, 422, 'invalid_parameter', 'template'],
      [{ name: 'x', template: 'shipping_photo' }, 422, 'invalid_parameter', 'template'],
    ];
    for (const [body, status, code, param] of refusals) {
      const res = await t.call('POST', '/campaigns', body);
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.equal(res.body.error.code, code);
      if (param) assert.equal(res.body.error.param, param);
    }
  });

  test('recipients: atomic batches naming the bad index, normalised numbers, duplicates stored once', async () => {
    const t = await tenant();
    const id = await campaignWith(t, []);
    const [a, b, c] = phones(3) as [string, string, string];
    const badPhone = await t.call('POST', `/campaigns/${id}/recipients`, {
      recipients: [promo(a), promo(b), { to: '12345', parameters: { '1': 'x', '2': 'y' } }],
    });
    assert.equal(badPhone.status, 422);
    assert.equal(badPhone.body.error.param, 'recipients[2].to');
    const badVars = await t.call('POST', `/campaigns/${id}/recipients`, { recipients: [promo(a), { to: b, parameters: { '1': 'x' } }] });
    assert.equal(badVars.body.error.code, 'missing_template_parameter');
    assert.equal(badVars.body.error.param, 'recipients[1].parameters');
    assert.equal((await getCampaign(t, id)).recipients.total, 0, 'a refused batch stores nothing');

    const spaced = `${a.slice(0, 2)} ${a.slice(2, 5)} ${a.slice(5)}`;
    const first = await t.call('POST', `/campaigns/${id}/recipients`, { recipients: [promo(a), promo(spaced), promo(b)] });
    assert.deepEqual(first.body, { added: 2, total_recipients: 2, campaign_id: id, duplicates: 1 });
    const second = await t.call('POST', `/campaigns/${id}/recipients`, { recipients: [promo(b), promo(c)] });
    assert.deepEqual(second.body, { added: 1, total_recipients: 3, campaign_id: id, duplicates: 1 });

    const many = phones(60);
    const batches = Array.from({ length: 6 }, (_, i) => many.slice(i * 8, i * 8 + 20).map((p) => promo(p)));
    await Promise.all(batches.map((recipients) => t.call('POST', `/campaigns/${id}/recipients`, { recipients })));
    const distinct = new Set(batches.flat().map((r) => r.to)).size;
    assert.equal((await getCampaign(t, id)).recipients.total, 3 + distinct, 'the total stays exact under concurrent batches');
    assert.equal(await db.campaignRecipient.count({ where: { campaignId: id } }), 3 + distinct);
    const page = await t.call('GET', `/campaigns/${id}/recipients?limit=2`);
    assert.deepEqual(page.body.data.map((r: any) => r.to).sort(), [a, b].sort(), 'the first batch comes first');
    assert.equal(page.body.data[0].status, 'pending');
    const next = await t.call('GET', `/campaigns/${id}/recipients?limit=2&cursor=${page.body.next_cursor}`);
    assert.equal(next.body.data[0].to, c);
  });
});

describe('the campaign status table', () => {
  test('draft → processing → completed with exact counters and campaign.completed; refusals from every other state', async () => {
    const t = await tenant();
    const empty = await campaignWith(t, []);
    assert.equal((await t.call('POST', `/campaigns/${empty}/start`)).body.error.code, 'campaign_has_no_recipients');
    assert.equal((await t.call('POST', `/campaigns/${empty}/pause`)).body.error.code, 'campaign_state_conflict');

    const id = await campaignWith(t, [randomPhone(), randomPhone('9903'), randomPhone('9904'), randomPhone('9901'), randomPhone('9902')]);
    const started = await t.call('POST', `/campaigns/${id}/start`, { send_mode: 'spread' });
    assert.deepEqual(started.body, { status: 'processing', queued: 5, skipped: 0 });
    const again = await t.call('POST', `/campaigns/${id}/start`);
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'campaign_state_conflict');
    // Five sends can all be made before this second call: the refusal names whichever state it met.
    assert.match(again.body.error.message, /^The campaign is (processing|completed);/);
    assert.equal(
      (await t.call('POST', `/campaigns/${id}/recipients`, { recipients: [promo(randomPhone())] })).body.error.code,
      'campaign_not_editable',
    );

    const done = await waitForStatus(t, id, 'completed');
    await waitFor('the read and delivery statuses', async () => {
      const { recipients } = await getCampaign(t, id);
      return (recipients.read === 1 && recipients.delivered === 2) || false;
    });
    const final = await getCampaign(t, id);
    assert.deepEqual(final.recipients, { total: 5, sent: 3, delivered: 2, read: 1, failed: 2, skipped: 0 });
    assert.ok(done.started_at);
    const [completed] = await events(t.org.id, 'campaign.completed');
    assert.equal((completed?.payload as any).campaign.id, id);
    const statuses = await t.call('GET', `/campaigns/${id}/recipients?status=failed`);
    assert.equal(statuses.body.data.length, 2);
    assert.ok(statuses.body.data.every((r: any) => r.error_message && r.message_id));
    for (const action of ['start', 'pause']) {
      const res = await t.call('POST', `/campaigns/${id}/${action}`);
      assert.equal(res.status, 409);
      assert.match(res.body.error.message, /completed/);
    }
    assert.equal((await t.call('POST', `/campaigns/${id}/recipients`, { recipients: [promo(randomPhone())] })).status, 409);
    const list = await t.call('GET', '/campaigns?status=completed');
    assert.deepEqual(
      list.body.data.map((c: any) => c.id),
      [id],
    );
  });

  test('scheduled: armed, paused, re-armed, then started exactly once at its time', async () => {
    const t = await tenant();
    const id = await campaignWith(t, phones(2, '9902'));
    const soon = new Date(Date.now() + 60_000).toISOString();
    const armed = await t.call('POST', `/campaigns/${id}/start`, { scheduled_at: soon });
    assert.deepEqual(armed.body, { status: 'scheduled', scheduled_at: soon });
    assert.equal(
      (await t.call('POST', `/campaigns/${id}/recipients`, { recipients: [promo(randomPhone())] })).body.error.code,
      'campaign_not_editable',
    );
    assert.equal((await t.call('POST', `/campaigns/${id}/pause`)).body.status, 'paused');
    assert.equal((await t.call('POST', `/campaigns/${id}/recipients`, { recipients: [promo(randomPhone('9902'))] })).body.added, 1);
    const rearmed = await t.call('POST', `/campaigns/${id}/start`, { scheduled_at: new Date(Date.now() + 1_500).toISOString() });
    assert.equal(rearmed.body.status, 'scheduled');
    await waitForStatus(t, id, 'completed');
    assert.equal(await messagesOf(id), 3, 'every recipient sent once although two start jobs existed');
  });

  test('pause stops new hand-offs, start picks up where it left off', async () => {
    const t = await tenant(2);
    const id = await campaignWith(t, phones(4, '9902'));
    assert.deepEqual((await t.call('POST', `/campaigns/${id}/start`)).body, { status: 'processing', queued: 2, skipped: 0 });
    const paused = await t.call('POST', `/campaigns/${id}/pause`);
    assert.equal(paused.body.status, 'paused');
    assert.equal(paused.body.resumes_at, null);
    await db.businessPortfolio.update({ where: { id: t.account.portfolioId }, data: { messagingLimit: 10 } });
    assert.equal(await messagesOf(id), 2);
    assert.deepEqual((await t.call('POST', `/campaigns/${id}/start`)).body, { status: 'processing', queued: 2, skipped: 0 });
    await waitForStatus(t, id, 'completed');
    assert.equal(await messagesOf(id), 4);
  });

  test('opted-out contacts are skipped on MARKETING templates; a template no longer APPROVED fails the campaign', async () => {
    const t = await tenant(1);
    const optedOut = randomPhone();
    await db.contact.create({ data: { id: newId('contact'), orgId: t.org.id, phoneNumber: optedOut, optedOutMarketing: true } });
    const id = await campaignWith(t, [optedOut, ...phones(2, '9902')]);
    assert.deepEqual((await t.call('POST', `/campaigns/${id}/start`)).body, { status: 'processing', queued: 1, skipped: 1 });
    const [skipped] = (await t.call('GET', `/campaigns/${id}/recipients?status=skipped`)).body.data;
    assert.equal(skipped.to, optedOut);
    assert.match(skipped.error_message, /opted out/i);
    const parked = await getCampaign(t, id);
    assert.equal(parked.throttle_reason, 'messaging_limit');
    await db.template.updateMany({ where: { accountId: t.account.id, name: 'promo_offer' }, data: { status: 'PAUSED' } });
    await dispatchCampaign(id, { now: () => new Date(Date.parse(parked.resumes_at) + 1_000) });
    const failed = await getCampaign(t, id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.failure_reason, /PAUSED/);
    assert.equal((await events(t.org.id, 'campaign.failed')).length, 1);
    assert.equal((await t.call('POST', `/campaigns/${id}/start`)).body.error.code, 'campaign_state_conflict');
  });
});

/** A service call refused with this contract code (and, when given, a message matching). */
async function refused(call: Promise<unknown>, code: string, message?: RegExp) {
  await assert.rejects(call, (error: { code?: string; message: string }) => {
    assert.equal(error.code, code, error.message);
    if (message) assert.match(error.message, message);
    return true;
  });
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1_000).toISOString();

describe('editing, deleting and duplicating drafts; cancelling and rescheduling scheduled campaigns', () => {
  test('a draft is edited, duplicated with its recipients and deleted with them; another organization gets 404', async () => {
    const t = await tenant();
    const other = await tenant();
    const id = await campaignWith(t, phones(2, '9902'));
    const later = inSeconds(3_600);
    const edited = await editDraftCampaign(t.org.id, id, { name: 'Summer sale', sendMode: 'today_only', scheduledAt: later });
    assert.equal(edited.name, 'Summer sale');
    assert.equal(edited.send_mode, 'today_only');
    assert.equal(edited.scheduled_at, later);
    assert.equal(edited.status, 'draft');

    const orderUpdate = await db.template.findFirstOrThrow({ where: { accountId: t.account.id, name: 'order_update' } });
    const draftPromo = await db.template.findFirstOrThrow({ where: { accountId: t.account.id, name: 'draft_promo' } });
    // The recipients keep their variables ({{1}}, {{2}}), which the named template cannot take.
    await refused(editDraftCampaign(t.org.id, id, { templateId: orderUpdate.id }), 'missing_template_parameter', /^recipients\[0\]/);
    await refused(editDraftCampaign(t.org.id, id, { templateId: draftPromo.id }), 'template_not_approved');
    const empty = await campaignWith(t, []);
    assert.equal((await editDraftCampaign(t.org.id, empty, { templateId: orderUpdate.id })).template_name, 'order_update');

    const copy = await duplicateCampaign(t.org.id, id);
    assert.equal(copy.name, 'Summer sale (copy)');
    assert.equal(copy.status, 'draft');
    assert.equal(copy.template_id, edited.template_id);
    assert.equal(copy.send_mode, 'today_only');
    assert.equal(copy.recipients.total, 2);
    const recipientsOf = (campaignId: string) =>
      db.campaignRecipient.findMany({
        where: { campaignId },
        select: { phoneNumber: true, parameters: true, status: true },
        orderBy: { phoneNumber: 'asc' },
      });
    assert.deepEqual(await recipientsOf(copy.id), await recipientsOf(id));

    assert.deepEqual(await deleteDraftCampaign(t.org.id, copy.id), { id: copy.id, deleted: true });
    assert.equal(await db.campaign.count({ where: { id: copy.id } }), 0);
    assert.equal(await db.campaignRecipient.count({ where: { campaignId: copy.id } }), 0);
    assert.equal((await getCampaign(t, id)).recipients.total, 2, 'the original keeps its recipients');

    // Thunks: each call is made only once the previous refusal has been awaited.
    for (const call of [
      () => editDraftCampaign(other.org.id, id, { name: 'Mine now' }),
      () => deleteDraftCampaign(other.org.id, id),
      () => duplicateCampaign(other.org.id, id),
      () => cancelScheduledCampaign(other.org.id, id),
      () => rescheduleCampaign(other.org.id, id, later),
    ]) {
      await refused(call(), 'resource_not_found');
    }
    assert.equal((await getCampaign(t, id)).name, 'Summer sale');

    // A running campaign can be duplicated, but not edited or deleted; a draft cannot be cancelled or rescheduled.
    await refused(cancelScheduledCampaign(t.org.id, id), 'campaign_state_conflict', /^The campaign is draft; only a scheduled campaign/);
    await refused(rescheduleCampaign(t.org.id, id, later), 'campaign_state_conflict', /draft/);
    assert.equal((await t.call('POST', `/campaigns/${id}/start`)).body.status, 'processing');
    await refused(
      editDraftCampaign(t.org.id, id, { name: 'Too late' }),
      'campaign_state_conflict',
      /^The campaign is (processing|completed); only a draft/,
    );
    await refused(deleteDraftCampaign(t.org.id, id), 'campaign_state_conflict', /^The campaign is (processing|completed);/);
    const rerun = await duplicateCampaign(t.org.id, id);
    assert.equal(rerun.recipients.total, 2);
    assert.deepEqual(
      (await recipientsOf(rerun.id)).map((r) => r.status),
      ['pending', 'pending'],
    );
  });

  test('a cancelled campaign never starts; a rescheduled one starts at its new time, not its old one', async () => {
    const t = await tenant();
    const cancelled = await campaignWith(t, phones(2, '9902'));
    const later = await campaignWith(t, phones(2, '9902'));
    const sooner = await campaignWith(t, phones(2, '9902'));
    for (const [id, at] of [
      [cancelled, inSeconds(4)],
      [later, inSeconds(4)],
      [sooner, inSeconds(600)],
    ] as const) {
      assert.equal((await t.call('POST', `/campaigns/${id}/start`, { scheduled_at: at })).body.status, 'scheduled');
    }

    const ended = await cancelScheduledCampaign(t.org.id, cancelled);
    assert.equal(ended.status, 'failed');
    assert.equal(ended.failure_reason, 'canceled');
    await refused(cancelScheduledCampaign(t.org.id, cancelled), 'campaign_state_conflict', /^The campaign is failed;/);
    await refused(rescheduleCampaign(t.org.id, cancelled, inSeconds(60)), 'campaign_state_conflict', /failed/);
    await refused(rescheduleCampaign(t.org.id, later, new Date(Date.now() - 1_000).toISOString()), 'invalid_parameter');

    const newTime = inSeconds(12);
    assert.equal((await rescheduleCampaign(t.org.id, later, newTime)).scheduled_at, newTime);
    assert.equal((await rescheduleCampaign(t.org.id, sooner, inSeconds(4))).status, 'scheduled');

    await waitForStatus(t, sooner, 'completed');
    // The old time (4 s) has passed by now: the later one has not started.
    assert.ok(Date.now() < Date.parse(newTime), 'the check ran before the new time');
    assert.equal((await getCampaign(t, later)).status, 'scheduled');
    assert.equal(await messagesOf(later), 0);

    const started = await waitForStatus(t, later, 'completed');
    assert.ok(Date.parse(started.started_at) >= Date.parse(newTime), `started ${started.started_at}, due ${newTime}`);
    assert.equal(await messagesOf(later), 2);
    assert.equal(await messagesOf(sooner), 2);

    assert.equal((await getCampaign(t, cancelled)).status, 'failed');
    assert.equal(await messagesOf(cancelled), 0);
    const [failedEvent] = await events(t.org.id, 'campaign.failed');
    assert.equal((failedEvent?.payload as any).campaign.failure_reason, 'canceled');
  });
});

describe('campaigns that cannot run, or were left without a job', () => {
  test('the platform rejecting the account credentials fails it, saying so', async () => {
    const t = await tenant();
    await db.businessPortfolio.update({ where: { id: t.account.portfolioId }, data: storedAccessToken('revoked-token') });
    const id = await campaignWith(t, phones(3));
    assert.equal((await t.call('POST', `/campaigns/${id}/start`)).status, 200);
    const failed = await waitForStatus(t, id, 'failed');
    assert.match(failed.failure_reason, /rejected the credentials of account main/);
    assert.match(failed.failure_reason, /access token/i);
    assert.equal((await events(t.org.id, 'campaign.failed')).length, 1);
    await waitFor('the recipients to fail', async () => (await getCampaign(t, id)).recipients.failed === 3);
    assert.equal((await t.call('GET', `/campaigns/${id}/recipients?status=failed`)).body.data.length, 3);
  });

  test('campaigns whose wake-up job was lost are woken by the sweep; a parked one is left to its time', async () => {
    const t = await tenant();
    const longAgo = new Date(Date.now() - 5 * 60_000);
    // Processing, or scheduled for minutes ago, with no job and untouched since: as if their jobs ran out of attempts.
    const stuck = await campaignWith(t, phones(3));
    await db.campaign.update({ where: { id: stuck }, data: { status: 'processing', startedAt: longAgo, updatedAt: longAgo } });
    const scheduled = await campaignWith(t, phones(2));
    await db.campaign.update({ where: { id: scheduled }, data: { status: 'scheduled', scheduledAt: longAgo, updatedAt: longAgo } });
    const parked = await campaignWith(t, phones(1));
    await db.campaign.update({
      where: { id: parked },
      data: { status: 'processing', resumesAt: new Date(Date.now() + 3_600_000), throttleReason: 'messaging_limit', updatedAt: longAgo },
    });

    const woken = await sweepCampaigns();
    const states = await db.campaign.findMany({
      where: { id: { in: [stuck, scheduled] } },
      select: { id: true, status: true, updatedAt: true, scheduledAt: true, resumesAt: true },
    });
    assert.ok(woken >= 2, `the sweep woke ${woken}; the two: ${JSON.stringify(states)}`);
    assert.equal((await waitForStatus(t, stuck, 'completed')).recipients.sent, 3);
    assert.equal((await waitForStatus(t, scheduled, 'completed')).recipients.sent, 2);
    assert.equal((await getCampaign(t, parked)).status, 'processing');
    assert.equal(await messagesOf(parked), 0);
  });
});

describe('pacing against the messaging limit', () => {
  test('spread: two campaigns on two numbers of one portfolio share its limit, park, and resume on a later day', async () => {
    const t = await tenant(5);
    const second = await t.addAccount('second');
    const [mine, theirs] = [phones(4, '9902'), phones(4, '9902')];
    const first = await campaignWith(t, mine);
    const other = await campaignWith(t, theirs, { account: second.name });
    const starts = await Promise.all([first, other].map((id) => t.call('POST', `/campaigns/${id}/start`)));
    assert.equal(starts[0]!.body.queued + starts[1]!.body.queued, 5, JSON.stringify(starts.map((s) => s.body)));
    await waitFor('both dispatchers to settle', async () => (await messagesOf(first)) + (await messagesOf(other)) === 5 || false);
    const parked = await Promise.all([first, other].map((id) => getCampaign(t, id)));
    const waiting = parked.filter((c) => c.resumes_at);
    assert.ok(waiting.length >= 1);
    for (const c of waiting) {
      assert.equal(c.status, 'processing');
      assert.equal(c.throttle_reason, 'messaging_limit');
      assert.ok(Date.parse(c.resumes_at) > Date.now() + 23 * 3600_000);
    }
    assert.ok((await events(t.org.id, 'campaign.throttled')).length >= 1);

    const nextDay = new Date(Math.max(...waiting.map((c) => Date.parse(c.resumes_at))) + 60_000);
    // The next day the rest fits. A dispatch racing the worker's own recount job for the same
    // campaign may find recipients locked and leave them to the next pass, so allow a few passes.
    let queuedNextDay = 0;
    for (let pass = 0; pass < 3 && (await messagesOf(first)) + (await messagesOf(other)) < 8; pass++) {
      const resumed = await Promise.all([first, other].map((id) => dispatchCampaign(id, { now: () => nextDay })));
      queuedNextDay += resumed[0]!.queued + resumed[1]!.queued;
    }
    assert.equal(queuedNextDay, 3, "the rest fits in the next day's allowance");
    assert.equal((await messagesOf(first)) + (await messagesOf(other)), 8);
    for (const id of [first, other]) {
      const c = await waitForStatus(t, id, 'completed');
      assert.equal(c.resumes_at, null);
      assert.equal(c.recipients.sent, 4);
    }
  });

  test("the builder's estimate counts as the engine does: open 24-hour windows do not use the limit", async () => {
    const t = await tenant(3);
    const [open, closed] = [phones(4, '9902'), phones(5, '9902')];
    const optedOut = randomPhone('9902');
    await db.contact.create({ data: { id: newId('contact'), orgId: t.org.id, phoneNumber: optedOut, optedOutMarketing: true } });
    // These customers write first, so the platform (the simulator) and we both see their windows open.
    for (const from of open) await simulator('/_sim/inbound', { phone_id: t.account.phoneId, from, text: 'Any offers?' });
    await waitFor(
      'the inbound messages',
      async () => (await db.contact.count({ where: { orgId: t.org.id, lastInboundAt: { not: null } } })) === 4,
    );
    const everyone = [...closed, optedOut, ...open];

    const marketer = await createUser({ memberships: [{ orgId: t.org.id, role: 'marketer' }] });
    const template = await db.template.findFirstOrThrow({ where: { accountId: t.account.id, name: 'promo_offer' } });
    const estimate = await trpc(await sessionCookie(marketer), 'mutation', 'campaigns.limitEstimate', {
      templateId: template.id,
      phoneNumbers: everyone,
    });
    assert.deepEqual(estimate.data, { optedOut: 1, windowOpen: 4, withinLimit: 3, beyondLimit: 2 }, JSON.stringify(estimate.error));

    const id = await campaignWith(t, everyone);
    const started = await t.call('POST', `/campaigns/${id}/start`);
    assert.deepEqual(
      started.body,
      { status: 'processing', queued: 4 + 3, skipped: 1 },
      'handed off: open windows and what the limit lets through',
    );
    const held = (await t.call('GET', `/campaigns/${id}/recipients?status=pending`)).body.data as Array<{ to: string }>;
    assert.equal(held.length, 2, 'held for a later day: beyond the limit');
    assert.ok(held.every((r) => closed.includes(r.to)));
    const parked = await waitFor('the worker and simulator to send them', async () => {
      const c = await getCampaign(t, id);
      return c.recipients.sent + c.recipients.failed === 7 && c;
    });
    assert.equal(parked.recipients.sent, 7, 'the simulator accepted every one, open windows outside its limit');
    assert.equal(parked.throttle_reason, 'messaging_limit');
  });

  test('a tier raised on the platform dispatches the parked campaign at once', async () => {
    const t = await tenant(2);
    const { wabaId } = await db.businessPortfolio.findUniqueOrThrow({ where: { id: t.account.portfolioId } });
    await simulator('/_sim/businesses', {
      waba_id: wabaId,
      messaging_limit_tier: 'TIER_250',
      templates: demoWorld.acme.templates,
      phone_numbers: [
        { id: t.account.phoneId, display_phone_number: t.account.displayPhoneNumber, verified_name: 'Test', quality_rating: 'GREEN' },
      ],
    });
    const id = await campaignWith(t, phones(4, '9902'));
    assert.deepEqual((await t.call('POST', `/campaigns/${id}/start`)).body, { status: 'processing', queued: 2, skipped: 0 });
    const parked = await getCampaign(t, id);
    assert.ok(Date.parse(parked.resumes_at) > Date.now() + 23 * 3600_000);
    await simulator(`/_sim/phone-numbers/${t.account.phoneId}`, { messaging_limit_tier: 'TIER_2K' });
    const done = await waitForStatus(t, id, 'completed');
    assert.equal(done.recipients.sent, 4);
    assert.equal(done.resumes_at, null);
    assert.equal(await messagesOf(id), 4);
  });

  test('today_only sends what fits and skips the rest; a limit of 0 counts as the lowest tier, not unlimited', async () => {
    const t = await tenant(3);
    const id = await campaignWith(t, phones(5, '9902'));
    assert.deepEqual((await t.call('POST', `/campaigns/${id}/start`, { send_mode: 'today_only' })).body, {
      status: 'processing',
      queued: 3,
      skipped: 2,
    });
    const done = await waitForStatus(t, id, 'completed');
    assert.equal(done.recipients.skipped, 2);
    assert.equal(done.recipients.sent, 3);
    const [beyond] = (await t.call('GET', `/campaigns/${id}/recipients?status=skipped`)).body.data;
    assert.match(beyond.error_message, /allowance/);

    const unsynced = await tenant(0);
    const big = await campaignWith(unsynced, phones(300));
    assert.deepEqual((await unsynced.call('POST', `/campaigns/${big}/start`, { send_mode: 'today_only' })).body, {
      status: 'processing',
      queued: 250,
      skipped: 50,
    });
  });

  test('crash safety: concurrent and repeated dispatches hand every recipient off exactly once', async () => {
    const t = await tenant(250);
    // A tier change on the platform reaches the portfolio through the quality webhook and account sync.
    const { wabaId } = await db.businessPortfolio.findUniqueOrThrow({ where: { id: t.account.portfolioId } });
    await simulator('/_sim/businesses', {
      waba_id: wabaId,
      messaging_limit_tier: 'TIER_250',
      templates: demoWorld.acme.templates,
      phone_numbers: [
        { id: t.account.phoneId, display_phone_number: t.account.displayPhoneNumber, verified_name: 'Test', quality_rating: 'GREEN' },
      ],
    });
    await simulator(`/_sim/phone-numbers/${t.account.phoneId}`, { messaging_limit_tier: 'TIER_UNLIMITED' });
    await waitFor('the unlimited tier', () => db.businessPortfolio.findFirst({ where: { id: t.account.portfolioId, messagingLimit: -1 } }));
    // A number fast enough that all 2,500 may be in flight at once: only the dispatchers race here.
    await db.account.update({ where: { id: t.account.id }, data: { throughputPerSec: 1_000 } });
    const everyone = phones(2_500);
    const id = await campaignWith(t, []);
    for (let i = 0; i < everyone.length; i += 1_000) {
      const added = await t.call('POST', `/campaigns/${id}/recipients`, { recipients: everyone.slice(i, i + 1_000).map((p) => promo(p)) });
      assert.equal(added.status, 200);
    }
    // Processing without its dispatch job, as if the worker died right after the start.
    await db.campaign.update({ where: { id }, data: { status: 'processing', startedAt: new Date() } });
    const half = await dispatchCampaign(id, { maxChunks: 1 });
    assert.equal(half.queued, CHUNK_SIZE);
    const runs = await Promise.all([dispatchCampaign(id), dispatchCampaign(id), dispatchCampaign(id)]);
    assert.equal(
      runs.reduce((sum, run) => sum + run.queued, half.queued),
      2_500,
    );
    assert.equal(await messagesOf(id), 2_500);
    assert.equal(await db.campaignRecipient.count({ where: { campaignId: id, status: 'pending' } }), 0);
    const repeated = await dispatchCampaign(id);
    assert.equal(repeated.queued, 0);
    assert.equal(await messagesOf(id), 2_500);
  });

  test("a campaign keeps only a few seconds of its number's sends handed off, and hands off the rest as they go out", async () => {
    const t = await tenant(-1);
    await simulator(`/_sim/phone-numbers/${t.account.phoneId}`, { messaging_limit_tier: 'TIER_UNLIMITED' });
    // 200/s: a chunk (1,000) is the most in flight, so 2,500 recipients take three hand-offs.
    await db.account.update({ where: { id: t.account.id }, data: { throughputPerSec: 200 } });
    assert.equal(maxInFlight(200), CHUNK_SIZE);
    const everyone = phones(2_500);
    const id = await campaignWith(t, []);
    for (let i = 0; i < everyone.length; i += 1_000) {
      assert.equal(
        (await t.call('POST', `/campaigns/${id}/recipients`, { recipients: everyone.slice(i, i + 1_000).map((p) => promo(p)) })).status,
        200,
      );
    }
    // Processing without its dispatch job, so this call is the only hand-off until it asks for the next.
    await db.campaign.update({ where: { id }, data: { status: 'processing', startedAt: new Date() } });
    const first = await dispatchCampaign(id);
    assert.deepEqual(first, { queued: CHUNK_SIZE, skipped: 0, state: 'paced' });
    assert.equal(await db.campaignRecipient.count({ where: { campaignId: id, status: 'pending' } }), 1_500);
    // The paced dispatcher's own wake-ups hand off the rest as the sends go out.
    const done = await waitForStatus(t, id, 'completed', 60_000);
    assert.equal(done.recipients.sent, 2_500);
    assert.equal(await messagesOf(id), 2_500);
  });
});
