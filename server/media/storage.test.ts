import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import S3rver from 's3rver';
import { createLocalMediaStore } from './local-store';
import { readMediaConfig } from './media-config';
import { createS3MediaStore } from './s3-store';
import type { MediaStore } from './media-store';
import { createMediaStore } from './storage';

const text = (s: string) => new TextEncoder().encode(s);
const read = async (stream: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(stream).arrayBuffer());
const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      parts.forEach((p) => controller.enqueue(text(p)));
      controller.close();
    },
  });

/** The same contract for every store. */
function storeContract(store: () => MediaStore) {
  test('put bytes, get them back with their size, delete', async () => {
    await store().put('org_a/msg_1', text('hello media'), 'text/plain');
    const got = await store().get('org_a/msg_1');
    assert.ok(got);
    assert.equal(got.size, 11);
    assert.equal(await read(got.stream), 'hello media');
    await store().delete('org_a/msg_1');
    assert.equal(await store().get('org_a/msg_1'), null);
  });

  test('put a stream; a second put replaces the first', async () => {
    await store().put('org_a/msg_2', streamOf('first'), 'text/plain');
    await store().put('org_a/msg_2', streamOf('sec', 'ond ', 'version'), 'text/plain');
    const got = await store().get('org_a/msg_2');
    assert.equal(got && (await read(got.stream)), 'second version');
  });

  test('missing keys: get is null, delete is quiet', async () => {
    assert.equal(await store().get('org_a/nothing'), null);
    await store().delete('org_a/nothing');
  });

  test('keys that could escape their place are refused', async () => {
    for (const key of ['../x', 'org_a/../../etc/passwd', '/abs', 'a//b', 'org_a/.', '', 'a b', 'a\\b']) {
      await assert.rejects(store().put(key, text('x'), 'text/plain'), /Invalid media key/, key);
    }
  });
}

describe('local store', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-local-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  storeContract(() => createLocalMediaStore(dir));

  test('files sit under the directory by key, with no partial files left', async () => {
    const store = createLocalMediaStore(dir);
    await store.put('org_b/msg_9', text('x'), 'text/plain');
    assert.deepEqual(await readdir(path.join(dir, 'org_b')), ['msg_9']);
  });
});

describe('S3 store against s3rver', () => {
  let dir = '';
  let server: S3rver | undefined;
  let endpoint = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'media' }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });
  // s3rver's default credentials. It parses SigV4 headers and knows its keys but does not check
  // the signature itself, so signing correctness rests on aws4fetch.
  const s3 = (accessKeyId = 'S3RVER') =>
    createS3MediaStore({ endpoint, bucket: 'media', region: 'us-east-1', accessKeyId, secretAccessKey: 'S3RVER', forcePathStyle: true });
  storeContract(() => s3());

  test('an unknown access key is refused', async () => {
    await assert.rejects(s3('UNKNOWN').put('org_a/msg_3', text('x'), 'text/plain'), /HTTP 403.*InvalidAccessKeyId/s);
  });

  test('the configuration picks the store', async () => {
    const config = readMediaConfig({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const store = createMediaStore(config);
    await store.put('org_c/msg_1', text('via config'), 'text/plain');
    const got = await s3().get('org_c/msg_1');
    assert.equal(got && (await read(got.stream)), 'via config');
  });
});

test('media configuration: defaults, booleans and what s3 needs', () => {
  const defaults = readMediaConfig({});
  assert.deepEqual(
    [defaults.MEDIA_STORAGE, defaults.MEDIA_DIR, defaults.S3_REGION, defaults.S3_FORCE_PATH_STYLE],
    ['local', 'var/media', 'us-east-1', true],
  );
  assert.equal(readMediaConfig({ S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE, false);
  assert.throws(() => readMediaConfig({ MEDIA_STORAGE: 's3' }), /S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
  assert.throws(() => readMediaConfig({ MEDIA_STORAGE: 'disk' }), /MEDIA_STORAGE/);
});
