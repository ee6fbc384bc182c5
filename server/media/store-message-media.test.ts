import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { createLocalMediaStore } from './local-store';
import type { MediaStore } from './media-store';
import { openMessageMedia, storeMessageMedia } from './store-message-media';

// Real rows in the database DATABASE_URL names (`npm test` prepares its test database first).

let dir = '';
let store: MediaStore;
const orgIds: string[] = [];

async function createMessage(): Promise<{ orgId: string; messageId: string }> {
  const tag = randomBytes(6).toString('hex');
  const orgId = newId('organization');
  orgIds.push(orgId);
  const portfolioId = newId('portfolio');
  const accountId = newId('account');
  const contactId = newId('contact');
  const messageId = newId('message');
  await db.organization.create({ data: { id: orgId, name: `Media ${tag}`, slug: `media-${tag}` } });
  await db.businessPortfolio.create({ data: { id: portfolioId, orgId, name: 'P', wabaId: `waba-${tag}` } });
  await db.account.create({ data: { id: accountId, orgId, portfolioId, name: 'A', phoneId: `ph-${tag}`, displayPhoneNumber: '+15550000000' } });
  await db.contact.create({ data: { id: contactId, orgId, phoneNumber: '+15551234567' } });
  await db.message.create({
    data: { id: messageId, orgId, contactId, accountId, direction: 'outgoing', type: 'image', status: 'pending', hasMedia: true },
  });
  return { orgId, messageId };
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-db-'));
  store = createLocalMediaStore(dir);
});

after(async () => {
  await db.organization.deleteMany({ where: { id: { in: orgIds } } });
  await db.$disconnect();
  await rm(dir, { recursive: true, force: true });
});

const read = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

test('media is stored once per message and opened by its organization only', async () => {
  const { orgId, messageId } = await createMessage();
  const bytes = Buffer.from('not really a png');
  const input = { orgId, messageId, bytes, contentType: 'image/png', filename: 'a.png', sourceUrl: 'https://example.com/a.png' };

  const first = await storeMessageMedia(undefined, input, store);
  assert.match(first.id, /^med_/);
  assert.deepEqual([first.storageKey, first.sizeBytes, first.contentType], [`${orgId}/${messageId}`, bytes.length, 'image/png']);
  assert.equal(first.sha256, createHash('sha256').update(bytes).digest('hex'));

  const again = await storeMessageMedia(undefined, { ...input, bytes: Buffer.from('other bytes') }, store);
  assert.equal(again.id, first.id);

  const opened = await openMessageMedia(orgId, messageId, store);
  assert.ok(opened);
  assert.deepEqual([opened.contentType, opened.filename, opened.size], ['image/png', 'a.png', bytes.length]);
  assert.deepEqual(await read(opened.stream), bytes);

  const other = await createMessage();
  assert.equal(await openMessageMedia(other.orgId, messageId, store), null);
  assert.equal(await openMessageMedia(orgId, other.messageId, store), null);
});

test('inside a transaction, and never for another organization message', async () => {
  const mine = await createMessage();
  const theirs = await createMessage();
  await assert.rejects(
    storeMessageMedia(undefined, { orgId: mine.orgId, messageId: theirs.messageId, bytes: Buffer.from('x'), contentType: 'image/png' }, store),
    /does not belong/,
  );
  const media = await db.$transaction((tx) =>
    storeMessageMedia(tx, { ...mine, bytes: Buffer.from('in tx'), contentType: 'image/jpeg', platformMediaId: 'pm-1' }, store),
  );
  assert.equal(media.platformMediaId, 'pm-1');
  assert.equal((await db.media.findUnique({ where: { messageId: mine.messageId } }))?.id, media.id);
});
