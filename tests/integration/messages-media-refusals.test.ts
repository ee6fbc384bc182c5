import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { addressRefusal } from '@/server/http/outbound-policy';
import { seedDemo } from '@/server/seed/seed-demo';
import { serve, startMediaHost, type MediaRoute } from '../support/media-host';
import { messagesApi, openWindow } from '../support/messages-api';
import { appUrl, randomPhone } from '../support/stack';

/**
 * Media links POST /v1/messages refuses: larger than their type allows, served as a content
 * type the type does not take, or at a private address (named directly, reached through DNS or
 * through a redirect). Each answers with the contract's error envelope and stores no message.
 */
const MB = 1024 * 1024;
let key: string;
let contactId: string;
let phone: string;
/** This machine's own name resolves to a loopback or private address: the name the connect-time check must catch. */
const localName = hostname();
/** A server on that address, which would hand the video over if the service ever connected. */
let local: Awaited<ReturnType<typeof startMediaHost>>;
let host: Awaited<ReturnType<typeof startMediaHost>>;
const { send } = messagesApi(() => key);

const redirect =
  (location: string): MediaRoute =>
  (_req, res) =>
    res.writeHead(302, { location }).end();

/** `total` bytes without a Content-Length, so only counting what arrives can stop the download. */
const stream =
  (contentType: string, total: number): MediaRoute =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    const chunk = Buffer.alloc(MB);
    let sent = 0;
    // Once the service hangs up, `drain` never comes and writing stops.
    const more = () => {
      while (sent < total) {
        sent += chunk.byteLength;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  };

before(async () => {
  const demo = await seedDemo();
  key = demo.orgs.acme.keys.full;
  const addresses = await lookup(localName, { all: true });
  const [first] = addresses;
  assert.ok(
    first && addresses.every(({ address }) => addressRefusal(address) !== null),
    `this test needs the machine's name (${localName}) to resolve to private addresses only; it resolves to ${JSON.stringify(addresses)}`,
  );
  local = await startMediaHost({ '/clip.mp4': serve(Buffer.from('mp4 bytes'), { 'content-type': 'video/mp4' }) }, first.address);
  host = await startMediaHost({
    '/big.mp4': serve(Buffer.alloc(15 * MB + 1), { 'content-type': 'video/mp4' }),
    '/big.pdf': stream('application/pdf', 16 * MB),
    '/big.jpg': serve(Buffer.alloc(5 * MB + 1), { 'content-type': 'image/jpeg' }),
    '/photo.png': serve(Buffer.from('png bytes'), { 'content-type': 'image/png' }),
    '/page.html': serve(Buffer.from('<p>not a file</p>'), { 'content-type': 'text/html; charset=utf-8' }),
    '/to-private': redirect(`${local.base}/clip.mp4`),
    '/to-local-name': redirect(`http://${localName}:${local.port}/clip.mp4`),
  });
  // Inside the window, so nothing but the media can be the reason for a refusal.
  phone = randomPhone();
  contactId = (await openWindow({ orgId: demo.orgs.acme.id, phoneId: demo.orgs.acme.accounts.main.phone_id }, phone)).id;
});

after(async () => {
  await Promise.all([host.close(), local.close()]);
  await db.$disconnect();
});

const resolvesToInternal = new RegExp(`${localName} resolves to an? [a-z-]+ address, not a public one\\.$`);

async function expectRefused(type: string, link: string, code: string, message: RegExp) {
  const res = await send({ to: phone, type, [type]: { link } });
  assert.equal(res.status, 422, JSON.stringify(res.body));
  const { error } = res.body;
  assert.deepEqual(
    { type: error.type, code: error.code, param: error.param, doc_url: error.doc_url },
    { type: 'invalid_request_error', code, param: `${type}.link`, doc_url: `${appUrl}/docs/errors#${code}` },
  );
  assert.match(error.message, message);
  assert.match(error.request_id, /\S/);
  assert.equal(await db.message.count({ where: { contactId, direction: 'outgoing' } }), 0, 'no message is stored');
}

describe('refused media links', () => {
  test('a video over 15 MB: media_too_large, from its Content-Length', async () => {
    await expectRefused('video', `${host.base}/big.mp4`, 'media_too_large', /larger than 15 MB/);
  });

  test('a document over 15 MB sent without a Content-Length: media_too_large once 15 MB have come', async () => {
    await expectRefused('document', `${host.base}/big.pdf`, 'media_too_large', /larger than 15 MB/);
  });

  test("an image over the platform's 5 MB image limit: media_too_large", async () => {
    await expectRefused('image', `${host.base}/big.jpg`, 'media_too_large', /larger than 5 MB/);
  });

  test('a content type the declared type does not take: invalid_parameter', async () => {
    await expectRefused('video', `${host.base}/photo.png`, 'invalid_parameter', /served as `image\/png`; video media must be one of video\/mp4/);
    await expectRefused('document', `${host.base}/page.html`, 'invalid_parameter', /served as `text\/html`/);
  });

  test('private addresses, localhost and a name that resolves to a private address: url_not_allowed', async () => {
    await expectRefused('video', `${local.base}/clip.mp4`, 'url_not_allowed', /is a loopback address, not a public one/);
    await expectRefused('video', 'http://[::ffff:10.0.0.1]/clip.mp4', 'url_not_allowed', /is a private address, not a public one/);
    await expectRefused('video', 'http://[::127.0.0.1]/clip.mp4', 'url_not_allowed', /is a loopback address, not a public one/);
    await expectRefused('video', `http://localhost:${local.port}/clip.mp4`, 'url_not_allowed', /localhost is a local name/);
    // The class of address the name has, never the address: no internal IP leaks.
    await expectRefused('video', `http://${localName}:${local.port}/clip.mp4`, 'url_not_allowed', resolvesToInternal);
  });

  test('redirects to a private address or to a name that resolves to one: url_not_allowed', async () => {
    await expectRefused('video', `${host.base}/to-private`, 'url_not_allowed', /is a loopback address, not a public one/);
    await expectRefused('video', `${host.base}/to-local-name`, 'url_not_allowed', resolvesToInternal);
  });

  test('a link over 2,048 characters: invalid_parameter', async () => {
    await expectRefused('video', `${host.base}/${'a'.repeat(2048)}`, 'invalid_parameter', /2048/);
  });
});
