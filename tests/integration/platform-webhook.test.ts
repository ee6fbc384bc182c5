import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { closeQueues } from '@/server/queues';
import { signPlatformPayload } from '@/server/platform/webhook-signature';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { appUrl, randomPhone } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/** The web app's platform endpoint: only webhooks signed with the app secret are stored. */
const endpoint = `${appUrl}/api/platform/webhook`;

after(async () => {
  await closeQueues();
  await db.$disconnect();
});

function inboundEnvelope(phoneId: string, from: string, wamid: string) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{
      id: '1', changes: [{
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '15550000000', phone_number_id: phoneId },
          contacts: [{ profile: { name: 'Mallory' }, wa_id: from.slice(1) }],
          messages: [{ from: from.slice(1), id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'forged?' } }],
        },
      }],
    }],
  });
}

const post = (body: string, signature?: string) =>
  fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    body,
  });

/** Stored platform webhooks that mention `wamid` (only processed ones with `processed`). */
const storedEvents = (wamid: string, processed = false) =>
  db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM platform_events
    WHERE body::text LIKE ${`%${wamid}%`} AND (${!processed} OR processed_at IS NOT NULL)`.then((rows) => Number(rows[0]?.n ?? 0));

describe('platform webhook endpoint', () => {
  test('a forged signature gets 401 and nothing is stored', async () => {
    const account = await createConnectedAccount((await createOrg({})).id);
    const wamid = `wamid.${randomBytes(12).toString('hex')}`;
    const body = inboundEnvelope(account.phoneId, randomPhone(), wamid);

    const forged = await post(body, signPlatformPayload(body, 'not-the-app-secret'));
    assert.equal(forged.status, 401);
    const unsigned = await post(body);
    assert.equal(unsigned.status, 401);
    const tampered = await post(body.replace('forged?', 'tampered'), signPlatformPayload(body, config.PLATFORM_APP_SECRET));
    assert.equal(tampered.status, 401);

    await sleep(500);
    assert.equal(await storedEvents(wamid), 0);
    assert.equal(await db.message.count({ where: { wamid } }), 0);
  });

  test('the same webhook correctly signed is stored and processed, once even if delivered twice', async () => {
    const account = await createConnectedAccount((await createOrg({})).id);
    const wamid = `wamid.${randomBytes(12).toString('hex')}`;
    const from = randomPhone();
    const body = inboundEnvelope(account.phoneId, from, wamid);
    const signature = signPlatformPayload(body, config.PLATFORM_APP_SECRET);

    assert.equal((await post(body, signature)).status, 200);
    assert.equal((await post(body, signature)).status, 200);
    await waitFor('the message', () => db.message.findUnique({ where: { wamid } }));
    await waitFor('both deliveries processed', async () => (await storedEvents(wamid, true)) === 2);
    assert.equal(await db.message.count({ where: { wamid } }), 1);
    const contact = await db.contact.findFirstOrThrow({ where: { orgId: account.orgId, phoneNumber: from } });
    assert.equal(contact.name, 'Mallory');
  });

  test('invalid JSON with a valid signature is refused with 400', async () => {
    const body = '{not json';
    const res = await post(body, signPlatformPayload(body, config.PLATFORM_APP_SECRET));
    assert.equal(res.status, 400);
  });

  test('the verification handshake echoes the challenge only for the right token', async () => {
    const ok = await fetch(`${endpoint}?hub.mode=subscribe&hub.verify_token=${config.PLATFORM_VERIFY_TOKEN}&hub.challenge=1158201444`);
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), '1158201444');
    const wrong = await fetch(`${endpoint}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`);
    assert.equal(wrong.status, 403);
  });
});
