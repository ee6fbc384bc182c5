import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { templateAllowance } from '@/server/inbox/template-allowance';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { randomPhone } from '../support/stack';

/** Before a template goes out of the inbox: does it use the daily messaging limit, and is there room? */
let orgId: string;
let accountId: string;
const hour = 3600_000;

before(async () => {
  orgId = (await createOrg()).id;
  const account = await createConnectedAccount(orgId);
  accountId = account.id;
  const { portfolioId } = await db.account.findUniqueOrThrow({ where: { id: account.id }, select: { portfolioId: true } });
  await db.businessPortfolio.update({ where: { id: portfolioId }, data: { messagingLimit: 2 } });
});

after(async () => {
  await db.$disconnect();
});

const contact = (lastInboundAt: Date | null = null) =>
  db.contact.create({ data: { id: newId('contact'), orgId, accountId, phoneNumber: randomPhone(), lastInboundAt } });

const businessInitiatedSend = (contactId: string) =>
  db.message.create({
    data: { id: newId('message'), orgId, contactId, accountId, direction: 'outgoing', type: 'template', status: 'delivered', content: 'Hello' },
  });

test('inside the window a template uses no limit', async () => {
  const open = await contact(new Date(Date.now() - hour));
  assert.deepEqual(await templateAllowance(orgId, open.id), {
    countsAgainstLimit: false,
    limitReached: false,
    freesAt: null,
    remaining: null,
    limit: null,
  });
});

test('outside it, the limit counts each person once a day, and says when it is used up and when room returns', async () => {
  const first = await contact();
  assert.deepEqual(await templateAllowance(orgId, first.id), {
    countsAgainstLimit: true,
    limitReached: false,
    freesAt: null,
    remaining: 2,
    limit: 2,
  });
  const sentAt = await businessInitiatedSend(first.id);
  assert.equal((await templateAllowance(orgId, first.id)).countsAgainstLimit, false, 'already counted today');

  const second = await contact();
  await businessInitiatedSend(second.id);
  const third = await contact(new Date(Date.now() - 30 * hour));
  const full = await templateAllowance(orgId, third.id);
  assert.deepEqual([full.countsAgainstLimit, full.limitReached, full.remaining], [true, true, 0]);
  assert.equal(full.freesAt?.getTime(), sentAt.createdAt.getTime() + 24 * hour);
});

test("another organization's conversation is not found", async () => {
  const mine = await contact();
  const other = await createOrg();
  await assert.rejects(templateAllowance(other.id, mine.id), { code: 'resource_not_found' });
});
