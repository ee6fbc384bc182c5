import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db, type Account } from '@/server/db';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { messagesApi, openWindow, sentTo } from '../support/messages-api';
import { randomPhone } from '../support/stack';

/**
 * A number's throughput is configuration (the platform allows 80 messages/s, up to 1,000):
 * sends accepted together leave at that rate, and none is refused for exceeding it.
 */
let account: Account;
let key: string;
const { send, waitForStatus } = messagesApi(() => key);
const PER_SECOND = 5;
const MESSAGES = 15;

before(async () => {
  const org = await createOrg();
  account = await createConnectedAccount(org.id);
  await db.account.update({ where: { id: account.id }, data: { throughputPerSec: PER_SECOND } });
  key = (await createApiKey(org.id)).key;
});

after(() => db.$disconnect());

describe('per-number throughput', () => {
  test(`${MESSAGES} sends accepted at once leave at ${PER_SECOND} a second`, async () => {
    const phones = Array.from({ length: MESSAGES }, () => randomPhone());
    for (const phone of phones) await openWindow(account, phone);
    const accepted = await Promise.all(phones.map((to, i) => send({ to, type: 'text', text: { body: `Update ${i}` } })));
    for (const res of accepted) assert.equal(res.status, 201, JSON.stringify(res.body));
    for (const res of accepted) await waitForStatus(res.body.id, 'read', 30_000);

    const times = (await Promise.all(phones.map((phone) => sentTo(phone))))
      .map((sent) => {
        assert.equal(sent.length, 1, 'sent once');
        return Date.parse(sent[0]?.accepted_at ?? '');
      })
      .sort((a, b) => a - b);
    // 15 sends at 5/s span at least 14 intervals of 200 ms, less the 100 ms a batch may start early.
    const span = (times.at(-1) as number) - (times[0] as number);
    assert.ok(span >= ((MESSAGES - 1) * 1000) / PER_SECOND - 150, `sent over ${span} ms`);
    // And no second holds more than the rate (plus the early start).
    for (let i = PER_SECOND + 1; i < times.length; i++) {
      assert.ok((times[i] as number) - (times[i - PER_SECOND - 1] as number) >= 1000 - 150, `send ${i} came too soon`);
    }
  });
});
