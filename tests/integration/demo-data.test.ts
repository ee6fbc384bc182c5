import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { closeQueues } from '@/server/queues';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { messagesApi } from '../support/messages-api';

/**
 * What docs/demo-data.md promises holds end to end, at the platform too: the seed tells the
 * simulator its customers' messages, so free text to the customer who "wrote an hour ago" is
 * delivered rather than failing there with 131047 (window closed).
 */
let demo: DemoData;
const { send, getMessage, waitForStatus } = messagesApi(() => demo.orgs.acme.keys.full);

before(async () => {
  demo = await seedDemo();
});

after(async () => {
  await closeQueues();
  await db.$disconnect();
});

test('the document fills every field the demo data document names: no null, no empty value', () => {
  const empty: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (value === null || value === '') empty.push(at);
    else if (typeof value === 'object') for (const [name, inner] of Object.entries(value)) walk(inner, `${at}.${name}`);
  };
  walk(demo, 'document');
  assert.deepEqual(empty, []);
});

test("free text to the demo's window_open customer reaches them", async () => {
  const res = await send({ contact_id: demo.orgs.acme.contacts.window_open, type: 'text', text: { body: 'Your order ships today.' } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const read = await waitForStatus(res.body.id, 'read', 15_000).catch(async (error: Error) => {
    const { body } = await getMessage(res.body.id);
    throw new Error(`${error.message}; it is ${body.status} ${JSON.stringify(body.error ?? null)}`);
  });
  assert.equal(read.status, 'read');
});
