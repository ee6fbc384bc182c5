import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db, type MessageStatus } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { CampaignFunnel } from '@/server/campaigns/campaign-funnel';
import type { AgentTimes } from '@/server/reports/read-agent-times';
import type { ConversationActivity } from '@/server/reports/read-conversation-activity';
import type { DeliveryRates } from '@/server/reports/read-delivery-rates';
import type { MessageVolumeDay } from '@/server/reports/read-message-volume';
import { createOrg, createUser, deleteOrgs, type CreatedUser } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie, trpc } from '../support/dashboard-session';
import { randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * The reports and the campaign funnel over the dashboard's tRPC, against rows made here with
 * known times: each number is counted by hand below. Days are UTC days unless a test names a zone.
 */
const DAY = 86_400_000;
const todayNoon = new Date(new Date().toISOString().slice(0, 10) + 'T12:00:00Z');
const daysAgo = (n: number, hour = 12) => new Date(todayNoon.getTime() - n * DAY + (hour - 12) * 3600_000);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

let orgId: string;
let otherOrgId: string;
let owner: CreatedUser;
let agent: CreatedUser;
let cookie: string;
let main: { id: string; phoneId: string };
let second: { id: string; phoneId: string };
let templateId: string;

async function query<T>(path: string, input: unknown, as = cookie): Promise<T> {
  const answer = await trpc(as, 'query', path, input);
  assert.equal(answer.status, 200, JSON.stringify(answer.error));
  return answer.data as T;
}

async function contact() {
  return db.contact.create({ data: { id: newId('contact'), orgId, accountId: main.id, phoneNumber: randomPhone() } });
}

/** An outgoing message created at `at` that got as far as `status`. */
async function outgoing(
  accountId: string,
  contactId: string,
  at: Date,
  status: MessageStatus,
  extra: { templateId?: string; wamid?: string } = {},
) {
  const reached = (s: MessageStatus[]) => (s.includes(status) ? at : null);
  return db.message.create({
    data: {
      id: newId('message'),
      orgId,
      contactId,
      accountId,
      direction: 'outgoing',
      type: extra.templateId ? 'template' : 'text',
      status,
      templateId: extra.templateId,
      wamid: extra.wamid ?? `wamid.${newId('message')}`,
      createdAt: at,
      sentAt: reached(['sent', 'delivered', 'read']),
      deliveredAt: reached(['delivered', 'read']),
      readAt: reached(['read']),
      failedAt: reached(['failed']),
    },
  });
}

async function incoming(contactId: string, at: Date, reply: { contextWamid?: string; buttonPayload?: string } = {}) {
  return db.message.create({
    data: {
      id: newId('message'),
      orgId,
      contactId,
      accountId: main.id,
      direction: 'incoming',
      type: 'text',
      status: 'delivered',
      wamid: `wamid.${newId('message')}`,
      createdAt: at,
      contextWamid: reply.contextWamid,
      buttonPayload: reply.buttonPayload,
    },
  });
}

before(async () => {
  orgId = (await createOrg()).id;
  otherOrgId = (await createOrg()).id;
  owner = await createUser({ name: 'Olivia Owner', memberships: [{ orgId, role: 'owner' }] });
  agent = await createUser({ name: 'Amal Agent', memberships: [{ orgId, role: 'agent' }] });
  cookie = await sessionCookie(owner);
  main = await createConnectedAccount(orgId, { name: 'main' });
  second = await createConnectedAccount(orgId, { name: 'support', isDefaultOutgoing: false });
  templateId = newId('template');
  await db.template.create({
    data: {
      id: templateId,
      orgId,
      accountId: main.id,
      platformTemplateId: `pt-${templateId}`,
      name: 'order_update',
      language: 'en',
      category: 'UTILITY',
      status: 'APPROVED',
      parameterFormat: 'NAMED',
      body: { text: 'Your order shipped', variables: [] },
      components: [],
    },
  });
});

after(async () => {
  await db.user.deleteMany({ where: { id: { in: [owner.id, agent.id] } } });
  await deleteOrgs([orgId, otherOrgId]);
  await db.$disconnect();
});

describe('reports', () => {
  test('messages sent and received per day, every day of the range present', async () => {
    const c = await contact();
    await outgoing(main.id, c.id, daysAgo(0), 'read');
    await outgoing(main.id, c.id, daysAgo(0), 'delivered');
    await outgoing(main.id, c.id, daysAgo(0), 'failed'); // never sent: not counted as sent
    const undeliverable = await outgoing(main.id, c.id, daysAgo(0), 'failed'); // sent, then failed: it was sent
    await db.message.update({ where: { id: undeliverable.id }, data: { sentAt: daysAgo(0) } });
    await outgoing(main.id, c.id, daysAgo(0), 'pending'); // not sent yet
    await outgoing(second.id, c.id, daysAgo(2), 'sent');
    await incoming(c.id, daysAgo(0));
    await incoming(c.id, daysAgo(2));
    await incoming(c.id, daysAgo(2));
    await incoming(c.id, daysAgo(10)); // outside 7 days, inside 30

    const week = await query<MessageVolumeDay[]>('reports.messages', { days: 7, timeZone: 'UTC' });
    assert.equal(week.length, 7);
    assert.equal(week[6]!.day, dayOf(daysAgo(0)));
    assert.equal(week[0]!.day, dayOf(daysAgo(6)));
    const byDay = Object.fromEntries(week.map((d) => [d.day, [d.sent, d.received]]));
    assert.deepEqual(byDay[dayOf(daysAgo(0))], [3, 1]);
    assert.deepEqual(byDay[dayOf(daysAgo(2))], [1, 2]);
    assert.deepEqual(byDay[dayOf(daysAgo(1))], [0, 0]);
    assert.equal(
      week.reduce((sum, d) => sum + d.received, 0),
      3,
    );

    const month = await query<MessageVolumeDay[]>('reports.messages', { days: 30, timeZone: 'UTC' });
    assert.equal(month.length, 30);
    assert.equal(
      month.reduce((sum, d) => sum + d.received, 0),
      4,
    );

    // Another organization sees none of it.
    const otherOwner = await createUser({ memberships: [{ orgId: otherOrgId, role: 'owner' }] });
    try {
      const theirs = await query<MessageVolumeDay[]>('reports.messages', { days: 90, timeZone: 'UTC' }, await sessionCookie(otherOwner));
      assert.equal(theirs.length, 90);
      assert.ok(theirs.every((d) => d.sent === 0 && d.received === 0));
    } finally {
      await db.user.deleteMany({ where: { id: otherOwner.id } });
    }
  });

  test('days are the reader’s: 23:30 UTC yesterday is today in Riyadh (UTC+3)', async () => {
    const org = await createOrg();
    const reader = await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
    try {
      const account = await createConnectedAccount(org.id);
      const c = await db.contact.create({ data: { id: newId('contact'), orgId: org.id, accountId: account.id, phoneNumber: randomPhone() } });
      const lateYesterday = new Date(new Date(dayOf(daysAgo(0)) + 'T00:00:00Z').getTime() - 30 * 60_000);
      await db.message.create({
        data: {
          id: newId('message'),
          orgId: org.id,
          contactId: c.id,
          accountId: account.id,
          direction: 'incoming',
          type: 'text',
          status: 'delivered',
          createdAt: lateYesterday,
        },
      });
      const as = await sessionCookie(reader);
      const utc = await query<MessageVolumeDay[]>('reports.messages', { days: 7, timeZone: 'UTC' }, as);
      const riyadh = await query<MessageVolumeDay[]>('reports.messages', { days: 7, timeZone: 'Asia/Riyadh' }, as);
      assert.equal(utc.find((d) => d.received > 0)?.day, dayOf(daysAgo(1)));
      // In Riyadh it is already the next day (unless that day is itself tomorrow there, i.e. past 21:00 UTC now).
      const riyadhDay = new Date(lateYesterday.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
      assert.equal(riyadh.find((d) => d.received > 0)?.day, riyadhDay);
      assert.ok((await trpc(as, 'query', 'reports.messages', { days: 7, timeZone: 'Mars/Olympus' })).status >= 400, 'an unknown zone is refused');
      assert.ok((await trpc(as, 'query', 'reports.messages', { days: 14, timeZone: 'UTC' })).status >= 400, 'only 7, 30 or 90 days');
    } finally {
      await db.user.deleteMany({ where: { id: reader.id } });
      await deleteOrgs([org.id]);
    }
  });

  test('delivery and read rates per number and per template', async () => {
    const org = await createOrg();
    const reader = await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
    try {
      const a = await createConnectedAccount(org.id, { name: 'sales' });
      const b = await createConnectedAccount(org.id, { name: 'care', isDefaultOutgoing: false });
      const tpl = await db.template.create({
        data: {
          id: newId('template'),
          orgId: org.id,
          accountId: a.id,
          platformTemplateId: `pt-${newId('template')}`,
          name: 'spring_sale',
          language: 'ar',
          category: 'MARKETING',
          status: 'APPROVED',
          parameterFormat: 'NAMED',
          body: { text: 'Sale', variables: [] },
          components: [],
        },
      });
      const c = await db.contact.create({ data: { id: newId('contact'), orgId: org.id, accountId: a.id, phoneNumber: randomPhone() } });
      const send = (accountId: string, status: MessageStatus, template?: string, at = daysAgo(1)) =>
        db.message.create({
          data: {
            id: newId('message'),
            orgId: org.id,
            contactId: c.id,
            accountId,
            direction: 'outgoing',
            type: template ? 'template' : 'text',
            status,
            templateId: template,
            createdAt: at,
            sentAt: status === 'failed' ? null : at,
            deliveredAt: status === 'delivered' || status === 'read' ? at : null,
            readAt: status === 'read' ? at : null,
          },
        });
      // sales: 4 sent (3 template), 3 delivered, 1 read, 1 failed (never sent); care: 2 sent, 1 delivered, 1 failed after being sent.
      await send(a.id, 'read', tpl.id);
      await send(a.id, 'delivered', tpl.id);
      await send(a.id, 'sent', tpl.id);
      await send(a.id, 'delivered');
      await send(a.id, 'failed', tpl.id);
      await send(b.id, 'delivered');
      const undeliverable = await send(b.id, 'failed');
      await db.message.update({ where: { id: undeliverable.id }, data: { sentAt: daysAgo(1) } }); // sent, then failed
      await send(a.id, 'read', tpl.id, daysAgo(40)); // outside 30 days

      const rates = await query<DeliveryRates>('reports.deliveryRates', { days: 30, timeZone: 'UTC' }, await sessionCookie(reader));
      const counts = (row: { sent: number; delivered: number; read: number; failed: number } | undefined) =>
        row && [row.sent, row.delivered, row.read, row.failed];
      assert.deepEqual(
        rates.accounts.map((r) => r.name),
        ['sales', 'care'],
      );
      assert.deepEqual(counts(rates.accounts[0]), [4, 3, 1, 1]);
      assert.deepEqual(counts(rates.accounts[1]), [2, 1, 0, 1]);
      assert.equal(rates.templates.length, 1);
      assert.deepEqual([rates.templates[0]!.name, rates.templates[0]!.language, rates.templates[0]!.account], ['spring_sale', 'ar', 'sales']);
      assert.deepEqual(counts(rates.templates[0]), [3, 2, 1, 1]);
    } finally {
      await db.user.deleteMany({ where: { id: reader.id } });
      await deleteOrgs([org.id]);
    }
  });

  test('conversations opened and resolved per day, response and resolution times per agent, people versus AI', async () => {
    const period = async (opened: Date, response?: { by: string; after: number }, resolution?: { by: string | null; after: number }) => {
      const c = await contact();
      await db.conversationPeriod.create({
        data: {
          id: newId('conversationPeriod'),
          orgId,
          contactId: c.id,
          openContactId: resolution ? null : c.id,
          openedAt: opened,
          firstResponseAt: response ? new Date(opened.getTime() + response.after * 1000) : null,
          firstResponderId: response?.by,
          resolvedAt: resolution ? new Date(opened.getTime() + resolution.after * 1000) : null,
          resolvedById: resolution?.by,
        },
      });
    };
    // Agent: replies after 60 s, 120 s and 600 s (median 120, average 260); resolves two, after 1 h and 3 h (median = average = 2 h).
    await period(daysAgo(3, 9), { by: agent.id, after: 60 }, { by: agent.id, after: 3600 });
    await period(daysAgo(3, 10), { by: agent.id, after: 120 }, { by: agent.id, after: 3 * 3600 });
    await period(daysAgo(1, 9), { by: agent.id, after: 600 });
    // Owner: one reply after 30 s, and resolves a conversation nobody replied to, after 2 days (resolved 1 day ago).
    await period(daysAgo(0, 8), { by: owner.id, after: 30 });
    await period(daysAgo(3, 11), undefined, { by: owner.id, after: 2 * 86_400 });
    // Opened with nobody on it yet.
    await period(daysAgo(0, 9));

    const activity = await query<ConversationActivity>('reports.conversations', { days: 7, timeZone: 'UTC' });
    const day = (n: number) => activity.days.find((d) => d.day === dayOf(daysAgo(n)));
    assert.deepEqual([day(3)?.opened, day(3)?.resolved, day(3)?.human], [3, 2, 3]);
    assert.deepEqual([day(1)?.opened, day(1)?.resolved, day(1)?.human], [1, 1, 1]);
    assert.deepEqual([day(0)?.opened, day(0)?.resolved, day(0)?.human], [2, 0, 1]);
    assert.equal(activity.aiAvailable, false);
    assert.ok(
      activity.days.every((d) => d.ai === 0),
      'no AI series until the agent service answers customers',
    );

    const times = await query<AgentTimes[]>('reports.agentTimes', { days: 7, timeZone: 'UTC' });
    const amal = times.find((t) => t.userId === agent.id);
    const olivia = times.find((t) => t.userId === owner.id);
    assert.equal(times[0]?.userId, agent.id, 'the busiest member first');
    assert.deepEqual(amal?.firstResponse, { count: 3, medianSeconds: 120, averageSeconds: 260 });
    assert.deepEqual(amal?.resolution, { count: 2, medianSeconds: 7200, averageSeconds: 7200 });
    assert.equal(amal?.name, 'Amal Agent');
    assert.deepEqual(olivia?.firstResponse, { count: 1, medianSeconds: 30, averageSeconds: 30 });
    assert.deepEqual(olivia?.resolution, { count: 1, medianSeconds: 172_800, averageSeconds: 172_800 });
  });

  test('the inbox records periods: a customer opens one, the first member reply and the resolution are kept', async () => {
    const phone = randomPhone();
    await simulator('/_sim/inbound', { phone_id: main.phoneId, from: phone, text: 'hello' });
    const customer = await waitFor('the customer stored', () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
    const opened = await waitFor('a period opened', () => db.conversationPeriod.findFirst({ where: { contactId: customer.id } }));
    assert.equal(opened.openContactId, customer.id);

    const agentCookie = await sessionCookie(agent);
    const reply = await trpc(agentCookie, 'mutation', 'inbox.reply', {
      contactId: customer.id,
      reply: { type: 'text', body: 'Hi, how can I help?' },
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.error));
    const second = await trpc(cookie, 'mutation', 'inbox.reply', { contactId: customer.id, reply: { type: 'text', body: 'Following up' } });
    assert.equal(second.status, 200, JSON.stringify(second.error));
    const resolved = await trpc(cookie, 'mutation', 'inbox.resolve', { contactId: customer.id });
    assert.equal(resolved.status, 200, JSON.stringify(resolved.error));

    const periods = await db.conversationPeriod.findMany({ where: { contactId: customer.id } });
    assert.equal(periods.length, 1);
    assert.equal(periods[0]!.firstResponderId, agent.id, 'the first reply counts, not the later one');
    assert.equal(periods[0]!.resolvedById, owner.id);
    assert.equal(periods[0]!.openContactId, null);

    // The customer writes again: a new period.
    await simulator('/_sim/inbound', { phone_id: main.phoneId, from: phone, text: 'one more thing' });
    await waitFor('a second period', async () =>
      (await db.conversationPeriod.count({ where: { contactId: customer.id } })) === 2 ? true : null,
    );
  });
});

describe('campaign funnel', () => {
  test('sent → delivered → read → replied or tapped, counted per recipient', async () => {
    const campaign = await db.campaign.create({
      data: { id: newId('campaign'), orgId, accountId: main.id, templateId, name: 'Funnel', status: 'completed' },
    });
    const steps: Array<{ status: MessageStatus; answer?: 'reply' | 'tap' | 'twice' | 'plain'; sentFirst?: boolean }> = [
      { status: 'read', answer: 'tap' },
      { status: 'read', answer: 'reply' },
      { status: 'read', answer: 'twice' }, // a reply and a tap: one recipient
      { status: 'read', answer: 'plain' }, // wrote without answering the message: not counted
      { status: 'delivered' },
      { status: 'sent' },
      { status: 'failed' },
      { status: 'failed', sentFirst: true }, // sent, then undeliverable: failed, not sent, as in the campaign's counters
    ];
    for (const step of steps) {
      const c = await contact();
      const recipient = await db.campaignRecipient.create({
        data: { id: newId('recipient'), campaignId: campaign.id, contactId: c.id, phoneNumber: c.phoneNumber!, status: step.status },
      });
      const message = await outgoing(main.id, c.id, daysAgo(0), step.status, { templateId });
      await db.message.update({
        where: { id: message.id },
        data: { campaignRecipientId: recipient.id, ...(step.sentFirst ? { sentAt: daysAgo(0) } : {}) },
      });
      if (step.answer === 'tap' || step.answer === 'twice')
        await incoming(c.id, daysAgo(0, 13), { contextWamid: message.wamid!, buttonPayload: 'yes' });
      if (step.answer === 'reply' || step.answer === 'twice') await incoming(c.id, daysAgo(0, 13), { contextWamid: message.wamid! });
      if (step.answer === 'plain') await incoming(c.id, daysAgo(0, 13));
    }
    // Someone else quoting a campaign message is not its recipient's answer.
    const stranger = await contact();
    const first = await db.message.findFirst({ where: { campaignRecipient: { campaignId: campaign.id }, status: 'read' } });
    await incoming(stranger.id, daysAgo(0, 13), { contextWamid: first!.wamid! });

    const funnel = await query<CampaignFunnel>('campaigns.funnel', { id: campaign.id });
    assert.deepEqual(funnel, { sent: 6, delivered: 5, read: 4, replied: 3, tapped: 2 });

    const otherOwner = await createUser({ memberships: [{ orgId: otherOrgId, role: 'owner' }] });
    try {
      const theirs = await trpc(await sessionCookie(otherOwner), 'query', 'campaigns.funnel', { id: campaign.id });
      assert.equal(theirs.error?.data.code, 'NOT_FOUND');
    } finally {
      await db.user.deleteMany({ where: { id: otherOwner.id } });
    }
  });
});
