import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db, type Account } from '@/server/db';
import { closeQueues, getQueue } from '@/server/queues';
import { closeRedis } from '@/server/redis';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { messagesApi, openWindow, sentTo } from '../support/messages-api';
import { randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';
import { liveWorkerPids } from '../support/workers';

/**
 * A worker process killed (SIGKILL) while its sends are in flight. The simulator holds them
 * unanswered (`/_sim/hold`), the test kills the worker holding them, scripts/test.ts starts a
 * new one, and BullMQ hands the dead worker's jobs to it once their locks lapse. What a real
 * kill cannot reach in time, a job coming back within the in-doubt wait, is reproduced in
 * send-crash-safety.test.ts.
 */
let account: Account;
let key: string;
const { send, waitForStatus } = messagesApi(() => key);
/** A dead worker's job comes back after its 30 s lock lapses and a stalled-job check, run every 30 s, sees it. */
const RECOVERY_MS = 180_000;

before(async () => {
  const org = await createOrg();
  account = await createConnectedAccount(org.id);
  key = (await createApiKey(org.id)).key;
});

after(async () => {
  await closeQueues();
  closeRedis();
  await db.$disconnect();
});

const heldMessageIds = async () =>
  (await simulator<{ data: Array<{ callback: string | null }> }>('/_sim/held')).data.map((held) => held.callback);

/** A text to a new customer; the simulator holds its send, taken by the platform first or not. */
async function heldSend(accepted: boolean) {
  const phone = randomPhone();
  await openWindow(account, phone);
  await simulator('/_sim/hold', { to: phone, accepted });
  const res = await send({ to: phone, type: 'text', text: { body: 'Your order shipped.' } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { phone, id: res.body.id as string };
}

describe('a worker killed mid-send', () => {
  test('loses nothing and sends nothing twice: the send the platform took is adopted, the one it never got is sent once', async () => {
    const taken = await heldSend(true); // the platform accepts it; its answer never reaches the worker
    const lost = await heldSend(false); // the platform never gets it
    const both = [taken, lost];
    const inFlight = async () => (await heldMessageIds()).filter((id) => both.some((sent) => sent.id === id)).length;
    await waitFor('both sends to be in flight', async () => (await inFlight()) === 2);

    const killed = await liveWorkerPids();
    assert.ok(killed.length > 0, 'a worker is running');
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    // The held connections close with the process that opened them.
    await waitFor('the killed worker to let go of the sends', async () => (await inFlight()) === 0);
    await waitFor('a new worker', async () => (await liveWorkerPids()).some((pid) => !killed.includes(pid)), 60_000);

    const adopted = await waitForStatus(taken.id, 'read', RECOVERY_MS);
    await waitForStatus(lost.id, 'read', RECOVERY_MS);
    // Both jobs have run again in the new worker, so a second send would have happened by now.
    const messages = getQueue('messages');
    await waitFor(
      "the dead worker's jobs to complete",
      async () => {
        const states = await Promise.all(both.map(({ id }) => messages.getJobState(`message.send-${id}`)));
        return states.every((state) => state === 'completed');
      },
      RECOVERY_MS,
    );
    for (const { phone, id } of both) {
      const sent = await sentTo(phone);
      assert.deepEqual(
        sent.map((request) => request.body.biz_opaque_callback_data),
        [id],
        `sent to ${phone} exactly once`,
      );
    }
    assert.equal(adopted.wamid, (await sentTo(taken.phone))[0]?.wamid, 'the send the platform took is adopted from its statuses');
  });
});
