import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { checkWebhookSilenceJob } from '@/server/accounts/check-webhook-silence.job';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { closeQueues } from '@/server/queues';
import { closeRedis } from '@/server/redis';
import { createOrg, deleteOrgs } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { randomPhone } from '../support/stack';

/**
 * `webhooks_silent` (docs/going-live.md, "Number health"): sends the platform accepted long ago
 * with no word from the platform since make the number need attention; any word brings it back.
 */
const orgs: string[] = [];

after(async () => {
  await deleteOrgs(orgs);
  await closeQueues();
  await db.$disconnect();
  closeRedis();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function numberWithSends(sends: Array<{ minutesAgo: number; customer?: number; deliveredMinutesAgo?: number }>) {
  const org = await createOrg();
  orgs.push(org.id);
  const account = await createConnectedAccount(org.id);
  const contacts = await Promise.all(
    [0, 1, 2, 3].map((n) =>
      db.contact.create({
        data: { id: newId('contact'), orgId: org.id, accountId: account.id, phoneNumber: randomPhone(), name: `Customer ${n}` },
      }),
    ),
  );
  for (const send of sends) {
    const at = minutesAgo(send.minutesAgo);
    await db.message.create({
      data: {
        id: newId('message'),
        orgId: org.id,
        accountId: account.id,
        contactId: contacts[send.customer ?? 0]!.id,
        direction: 'outgoing',
        type: 'text',
        status: send.deliveredMinutesAgo === undefined ? 'sent' : 'delivered',
        content: 'Your order shipped.',
        sentAt: at,
        createdAt: at,
        ...(send.deliveredMinutesAgo === undefined ? {} : { deliveredAt: minutesAgo(send.deliveredMinutesAgo) }),
      },
    });
  }
  return { account, contacts };
}

const statusOf = async (id: string) => db.account.findUniqueOrThrow({ where: { id }, select: { status: true, statusReason: true } });

describe('webhook silence', () => {
  test('sends to three customers accepted over 30 minutes ago and not a word since: needs attention; a customer writes: connected', async () => {
    const { account, contacts } = await numberWithSends([
      { minutesAgo: 90, customer: 0 },
      { minutesAgo: 80, customer: 1 },
      { minutesAgo: 45, customer: 2 },
      { minutesAgo: 5, customer: 3 },
    ]);
    await checkWebhookSilenceJob();
    assert.deepEqual(await statusOf(account.id), { status: 'needs_attention', statusReason: 'webhooks_silent' });

    await db.message.create({
      data: {
        id: newId('message'),
        orgId: account.orgId,
        accountId: account.id,
        contactId: contacts[1]!.id,
        direction: 'incoming',
        type: 'text',
        status: 'delivered',
        content: 'Thanks!',
      },
    });
    await checkWebhookSilenceJob();
    assert.deepEqual(await statusOf(account.id), { status: 'connected', statusReason: null });
  });

  test('not silent: a status arrived since, or too few customers, or sends too recent', async () => {
    const heard = await numberWithSends([
      { minutesAgo: 90, customer: 0 },
      { minutesAgo: 80, customer: 1 },
      { minutesAgo: 70, customer: 2 },
      { minutesAgo: 60, customer: 3, deliveredMinutesAgo: 10 },
    ]);
    const fewCustomers = await numberWithSends([
      { minutesAgo: 90, customer: 0 },
      { minutesAgo: 80, customer: 0 },
      { minutesAgo: 70, customer: 1 },
    ]);
    const recent = await numberWithSends([
      { minutesAgo: 20, customer: 0 },
      { minutesAgo: 15, customer: 1 },
      { minutesAgo: 10, customer: 2 },
    ]);
    await checkWebhookSilenceJob();
    for (const { account } of [heard, fewCustomers, recent])
      assert.deepEqual(await statusOf(account.id), { status: 'connected', statusReason: null });
  });

  test('a number that needs attention for another reason is left as it is', async () => {
    const { account } = await numberWithSends([
      { minutesAgo: 90, customer: 0 },
      { minutesAgo: 80, customer: 1 },
      { minutesAgo: 70, customer: 2 },
    ]);
    await db.account.update({ where: { id: account.id }, data: { status: 'needs_attention', statusReason: 'token_invalid' } });
    await checkWebhookSilenceJob();
    assert.deepEqual(await statusOf(account.id), { status: 'needs_attention', statusReason: 'token_invalid' });
  });
});
