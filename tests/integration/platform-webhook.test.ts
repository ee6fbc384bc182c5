import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { after, describe, test } from 'node:test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { closeQueues } from '@/server/queues';
import { signPlatformPayload } from '@/server/platform/webhook-signature';
import { createApiKey } from '../api-factories';
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
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneId },
              contacts: [{ profile: { name: 'Mallory' }, wa_id: from.slice(1) }],
              messages: [
                { from: from.slice(1), id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'forged?' } },
              ],
            },
          },
        ],
      },
    ],
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
    WHERE payload LIKE ${`%${wamid}%`} AND (${!processed} OR processed_at IS NOT NULL)`.then((rows) => Number(rows[0]?.n ?? 0));

/** Streams zeros, chunked, until the server answers or `limit` bytes went out. */
function streamUntilAnswered(url: string, limit: number): Promise<{ status: number; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sentBytes });
      req.destroy();
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && sentBytes < limit) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

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
    // A replay of the same bytes is acknowledged but stored once.
    await waitFor('the delivery processed', async () => (await storedEvents(wamid, true)) === 1);
    assert.equal(await storedEvents(wamid), 1);
    assert.equal(await db.message.count({ where: { wamid } }), 1);
    const contact = await db.contact.findFirstOrThrow({ where: { orgId: account.orgId, phoneNumber: from } });
    assert.equal(contact.name, 'Mallory');
  });

  test('a body past the cap is refused with 413 while it streams, before its signature is checked', async () => {
    const declared = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-length': String(4 * 1024 * 1024) },
      body: 'x'.repeat(4 * 1024 * 1024),
    });
    assert.equal(declared.status, 413);

    // Chunked, no length declared: the answer comes while the client is still sending.
    const { status, sentBytes } = await streamUntilAnswered(endpoint, 64 * 1024 * 1024);
    assert.equal(status, 413);
    assert.ok(sentBytes < 64 * 1024 * 1024, `answered only after all ${sentBytes} bytes were sent`);
  });

  test('a customer message with a NUL and a profile name with a lone surrogate are stored, with the rest of their batch', async () => {
    const account = await createConnectedAccount((await createOrg({})).id);
    const key = (await createApiKey(account.orgId)).key;
    const [odd, normal] = [randomPhone(), randomPhone()];
    const [oddWamid, normalWamid] = [`wamid.${randomBytes(12).toString('hex')}`, `wamid.${randomBytes(12).toString('hex')}`];
    const now = String(Math.floor(Date.now() / 1000));
    // Written by hand: the platform escapes these as \u0000 and \ud800 in its JSON.
    const body = `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{
      "messaging_product":"whatsapp","metadata":{"display_phone_number":"15550000000","phone_number_id":"${account.phoneId}"},
      "contacts":[{"profile":{"name":"Eve\\ud800"},"wa_id":"${odd.slice(1)}"},{"profile":{"name":"Bob"},"wa_id":"${normal.slice(1)}"}],
      "messages":[
        {"from":"${odd.slice(1)}","id":"${oddWamid}","timestamp":"${now}","type":"text","text":{"body":"a\\u0000b"}},
        {"from":"${normal.slice(1)}","id":"${normalWamid}","timestamp":"${now}","type":"text","text":{"body":"hello"}}]}}]}]}`;

    const res = await post(body, signPlatformPayload(body, config.PLATFORM_APP_SECRET));
    assert.equal(res.status, 200);
    const stored = await waitFor('the odd message', () => db.message.findUnique({ where: { wamid: oddWamid } }));
    assert.equal(stored.content, 'a\uFFFDb');
    assert.ok(await waitFor('the normal message', () => db.message.findUnique({ where: { wamid: normalWamid } })));
    const contact = await db.contact.findFirstOrThrow({ where: { orgId: account.orgId, phoneNumber: odd } });
    assert.equal(contact.name, 'Eve\uFFFD');

    const shown = await fetch(`${appUrl}/v1/messages/${stored.id}`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(shown.status, 200);
    assert.equal((await shown.json()).content, 'a\uFFFDb');
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
