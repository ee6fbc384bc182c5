import assert from 'node:assert/strict';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { createKeyRing, decryptWithRing, encryptWithRing, isUnderCurrentKey } from './key-ring';

const secret = () => randomBytes(48).toString('base64url');
const plain = 'sk-test-0123456789abcdef';

test('the first secret encrypts and the ciphertext names it; every secret of the ring decrypts', () => {
  const [oldSecret, newSecret] = [secret(), secret()];
  const before = createKeyRing([oldSecret]);
  const stored = encryptWithRing(before, plain);
  assert.match(stored, /^v2\.[\w-]{8}\./);
  assert.ok(!stored.includes(plain));
  assert.equal(decryptWithRing(before, stored), plain);

  const rotated = createKeyRing([newSecret, oldSecret]);
  assert.equal(decryptWithRing(rotated, stored), plain, 'the previous secret still decrypts');
  assert.equal(isUnderCurrentKey(rotated, stored), false);
  const moved = encryptWithRing(rotated, plain);
  assert.equal(isUnderCurrentKey(rotated, moved), true);
  assert.equal(decryptWithRing(createKeyRing([newSecret]), moved), plain);
  assert.equal(decryptWithRing(before, moved), null, 'the old ring cannot read the new secret');
});

test('no secret of the ring opens it: null, never an exception', () => {
  const stored = encryptWithRing(createKeyRing([secret()]), plain);
  assert.equal(decryptWithRing(createKeyRing([secret(), secret()]), stored), null);
  for (const broken of ['', 'v2.abc', 'v3.a.b.c.d', stored.replace(/^v2\.[\w-]+/, 'v2.AAAAAAAA')]) {
    assert.equal(decryptWithRing(createKeyRing([secret()]), broken), null, broken);
  }
});

test('a changed byte or a shortened tag is refused', () => {
  const ring = createKeyRing([secret()]);
  const parts = encryptWithRing(ring, plain).split('.');
  const body = Buffer.from(parts[4]!, 'base64url');
  body[0]! ^= 1;
  assert.equal(decryptWithRing(ring, [...parts.slice(0, 4), body.toString('base64url')].join('.')), null);
  const shortTag = Buffer.from(parts[3]!, 'base64url').subarray(0, 4).toString('base64url');
  assert.equal(decryptWithRing(ring, [parts[0], parts[1], parts[2], shortTag, parts[4]].join('.')), null);
});

test('a v1 ciphertext (written before the ring, naming no key) opens under any secret of the ring', () => {
  const oldSecret = secret();
  // The v1 format: the same derived key, `v1.<iv>.<tag>.<ciphertext>`.
  const key = Buffer.from(hkdfSync('sha256', oldSecret, 'provider-credentials', 'aes-256-gcm v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const v1 = ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
  const ring = createKeyRing([secret(), oldSecret]);
  assert.equal(decryptWithRing(ring, v1), plain);
  assert.equal(isUnderCurrentKey(ring, v1), false, 'a rotation rewrites it');
  assert.equal(decryptWithRing(createKeyRing([secret()]), v1), null);
});
