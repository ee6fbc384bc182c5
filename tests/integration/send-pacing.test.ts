import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db, type Account } from '@/server/db';
import { burstMs, sendInterval } from '@/server/messages/throughput';
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
    // The number's schedule: send j comes at least (j - i) intervals after send i, less the
    // credit an idle number starts with (a second's worth less one slice), less slack: a send
    // that left late on a loaded machine (CI) arrives nearer the next, though both kept their slots.
    const credit = burstMs(PER_SECOND) + 150;
    for (let i = 0; i < times.length; i++) {
      for (let j = i + 1; j < times.length; j++) {
        const apart = (times[j] as number) - (times[i] as number);
        assert.ok(apart >= (j - i) * sendInterval(PER_SECOND) - credit, `sends ${i} and ${j} came ${apart} ms apart`);
      }
    }
    assert.ok((times.at(-1) as number) - (times[0] as number) >= 1_900, 'the sends are spread, not sent at once');
  });
});
