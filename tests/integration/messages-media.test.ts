import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { createPlatformClient } from '@/server/platform/client';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { startMediaHost, serve } from '../support/media-host';
import { messagesApi, openWindow as openWindowOf, sentTo } from '../support/messages-api';
import { appUrl, randomPhone } from '../support/stack';

/**
 * Media messages over POST /v1/messages, through the real web app, worker and simulator:
 * `link` media fetched from a host on 127.0.0.77, media sent by platform id, and served back
 * by GET /v1/media/{message_id}. The links that are refused: messages-media-refusals.test.ts.
 */
let demo: DemoData;
let host: Awaited<ReturnType<typeof startMediaHost>>;
const { send, waitForStatus } = messagesApi(() => demo.orgs.acme.keys.full);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** One link per media type; the platform checks content types and sizes, not the bytes themselves. */
const linked = [
  { type: 'image', path: '/photo.png', contentType: 'image/png', bytes: png, fields: { caption: 'Your parcel' }, filename: 'photo.png' },
  {
    type: 'video',
    path: '/clip.mp4',
    contentType: 'video/mp4',
    bytes: randomBytes(200_000),
    fields: { caption: 'Unboxing' },
    filename: 'clip.mp4',
  },
  // The name comes from Content-Disposition when the server gives one.
  {
    type: 'audio',
    path: '/note',
    contentType: 'audio/ogg',
    bytes: randomBytes(30_000),
    fields: { voice: true },
    filename: 'voice note.ogg',
    disposition: 'attachment; filename="voice note.ogg"',
  },
  {
    type: 'document',
    path: '/files/inv-42',
    contentType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4 invoice 42'),
    fields: { caption: 'Your invoice', filename: 'Invoice 42.pdf' },
    filename: 'Invoice 42.pdf',
  },
] as const;

before(async () => {
  demo = await seedDemo();
  host = await startMediaHost(
    Object.fromEntries(
      linked.map((file) => [
        file.path,
        serve(file.bytes, { 'content-type': file.contentType, ...('disposition' in file ? { 'content-disposition': file.disposition } : {}) }),
      ]),
    ),
  );
});

after(async () => {
  await host.close();
  await db.$disconnect();
});

const openWindow = (phone: string) => openWindowOf({ orgId: demo.orgs.acme.id, phoneId: demo.orgs.acme.accounts.main.phone_id }, phone);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const platform = createPlatformClient({
  baseUrl: config.PLATFORM_BASE_URL,
  apiVersion: config.PLATFORM_API_VERSION,
  accessToken: config.PLATFORM_ACCESS_TOKEN,
});
const getMedia = (messageId: string, key = demo.orgs.acme.keys.full) =>
  fetch(`${appUrl}/v1/media/${messageId}`, { headers: { authorization: `Bearer ${key}` } });

describe('media messages', () => {
  for (const file of linked) {
    test(`${file.type} from a link: fetched, uploaded, sent and read, and served back with its type and name`, async () => {
      const phone = randomPhone();
      await openWindow(phone);
      const res = await send({ to: phone, type: file.type, [file.type]: { link: `${host.base}${file.path}`, ...file.fields } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.has_media, true);
      assert.equal(res.body.content, 'caption' in file.fields ? file.fields.caption : file.filename);
      await waitForStatus(res.body.id, 'read');

      const sent = await sentTo(phone);
      assert.equal(sent.length, 1);
      const media = sent[0]?.body[file.type];
      // The platform got an uploaded media id in place of the link, with the request's other fields.
      assert.deepEqual(media, { id: media.id, ...file.fields });
      const uploaded = await platform.getMedia(media.id);
      assert.deepEqual([uploaded.mime_type, uploaded.sha256], [file.contentType, sha256(file.bytes)]);

      const served = await getMedia(res.body.id);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), file.contentType);
      assert.ok(
        served.headers.get('content-disposition')?.includes(`filename="${file.filename}"`),
        served.headers.get('content-disposition') ?? '',
      );
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), Buffer.from(file.bytes));
    });
  }

  test('media by platform id is sent as it is; the service holds no file to serve', async () => {
    const phone = randomPhone();
    await openWindow(phone);
    const { id } = await platform.uploadMedia(demo.orgs.acme.accounts.main.phone_id, {
      bytes: Buffer.from('%PDF-1.4 terms'),
      mimeType: 'application/pdf',
      filename: 'terms.pdf',
    });
    const res = await send({ to: phone, type: 'document', document: { id, filename: 'Terms.pdf' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.has_media, false);
    assert.equal(res.body.content, 'Terms.pdf');
    await waitForStatus(res.body.id, 'read');
    assert.deepEqual((await sentTo(phone))[0]?.body.document, { id, filename: 'Terms.pdf' });
    const served = await getMedia(res.body.id);
    assert.equal(served.status, 404);
    assert.equal((await served.json()).error.code, 'resource_not_found');
  });

  test("another organization cannot download the message's media", async () => {
    const phone = randomPhone();
    await openWindow(phone);
    const res = await send({ to: phone, type: 'image', image: { link: `${host.base}/photo.png` } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const foreign = await getMedia(res.body.id, demo.orgs.globex.keys.full);
    assert.equal(foreign.status, 404);
    assert.equal((await foreign.json()).error.code, 'resource_not_found');
  });

  test('a message without media has none to download', async () => {
    const res = await send({
      to: randomPhone(),
      type: 'template',
      template: { name: 'order_update', parameters: { customer_name: 'a', order_id: 'b' } },
    });
    assert.equal((await getMedia(res.body.id)).status, 404);
  });
});
