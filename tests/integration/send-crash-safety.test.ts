import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { config } from '@/server/config';
import { db, type Account } from '@/server/db';
import { newId } from '@/server/db/ids';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';
import { closeQueues } from '@/server/queues';
import { closeRedis } from '@/server/redis';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { randomPhone, simulator } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/**
 * A worker that dies mid-send leaves a message claimed (`send_started_at`) with an unknown
 * outcome. Whether the platform had accepted it or not, the message ends up sent exactly
 * once. The crash is reproduced by writing the state it leaves behind; the real worker and
 * simulator do the rest. The stack runs with SEND_IN_DOUBT_MS=3000. send-worker-killed.test.ts
 * kills a real worker mid-send; its jobs come back only after their locks lapse, long past the
 * in-doubt wait, so the job that returns while the outcome is still in doubt is reproduced here.
 */
let account: Account;

before(async () => {
  account = await createConnectedAccount((await createOrg({})).id);
});

after(async () => {
  await closeQueues();
  closeRedis();
  await db.$disconnect();
});

/**
 * A pending template message whose send a worker had claimed `claimedAgoMs` ago (null: not
 * claimed), plus its job (`copies` of it, under different ids), which comes back at once (the
 * relay hands it over on commit), as a crashed worker's job does.
 */
async function claimedMessage(phone: string, claimedAgoMs: number | null, copies = 1) {
  const contact = await db.contact.create({ data: { id: newId('contact'), orgId: account.orgId, phoneNumber: phone, accountId: account.id } });
  const id = newId('message');
  const platformBody = {
    type: 'template',
    template: {
      name: 'order_update',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'customer_name', text: 'Kim' },
            { type: 'text', parameter_name: 'order_id', text: '5' },
          ],
        },
      ],
    },
  };
  await db.$transaction(async (tx) => {
    await tx.message.create({
      data: {
        id,
        orgId: account.orgId,
        contactId: contact.id,
        accountId: account.id,
        direction: 'outgoing',
        type: 'template',
        status: 'pending',
        content: 'Hi Kim',
        payload: platformBody,
        sendStartedAt: claimedAgoMs === null ? null : new Date(Date.now() - claimedAgoMs),
      },
    });
    for (let copy = 0; copy < copies; copy++) {
      await addOutboxJob(prismaSql(tx), {
        queue: 'messages',
        name: 'message.send',
        data: { accountId: account.id, messageIds: [id] },
        jobId: `message.send-${id}-${copy}`,
      });
    }
  });
  return { id, platformBody };
}

const sentCount = async (phone: string) => (await simulator<{ data: unknown[] }>(`/_sim/sent?to=${encodeURIComponent(phone)}`)).data.length;

describe('crash safety of sends', () => {
  test('the platform had accepted it before the crash: adopted from its statuses, not sent again', async () => {
    const phone = randomPhone();
    // Its job is back while the outcome is in doubt, and waits.
    const { id, platformBody } = await claimedMessage(phone, 0);
    // What the dead worker did: the request reached the platform, the answer was never recorded.
    const res = await fetch(`${config.PLATFORM_BASE_URL}/${config.PLATFORM_API_VERSION}/${account.phoneId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.PLATFORM_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: phone, biz_opaque_callback_data: id, ...platformBody }),
    });
    assert.equal(res.status, 200);

    const read = await waitFor('adoption', async () => {
      const m = await db.message.findUniqueOrThrow({ where: { id } });
      return m.status === 'read' && m;
    });
    assert.match(read.wamid ?? '', /^wamid\./);
    await sleep(config.SEND_IN_DOUBT_MS + 1_500); // past the in-doubt wait: the job has run again
    assert.equal(await sentCount(phone), 1, 'sent exactly once');
  });

  test('the crash came before the platform got it: sent once after the in-doubt wait', async () => {
    const phone = randomPhone();
    const { id } = await claimedMessage(phone, 0);
    await sleep(1_000);
    assert.equal(await sentCount(phone), 0, 'nothing is sent while the outcome is in doubt');
    await waitFor('the send', async () => (await db.message.findUniqueOrThrow({ where: { id } })).status === 'read', 20_000);
    assert.equal(await sentCount(phone), 1);
  });

  test('a job delivered twice sends once', async () => {
    const phone = randomPhone();
    // Two copies of its job under different ids (say, two relays grouped it differently).
    const { id } = await claimedMessage(phone, null, 2);
    await waitFor('the send', async () => (await db.message.findUniqueOrThrow({ where: { id } })).status === 'read');
    await sleep(1_000);
    assert.equal(await sentCount(phone), 1);
  });
});
