import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openSecretOrThrow, sealSecret, isUnderCurrentSecret, openSecret } from './secret-cipher';

test('a provider key survives encryption under the configured secret, never appears in the stored text, and a changed byte is refused', () => {
  const key = 'sk-test-0123456789abcdef';
  const stored = sealSecret(key);
  assert.ok(!stored.includes(key));
  assert.notEqual(sealSecret(key), stored, 'a fresh IV each time');
  assert.equal(openSecretOrThrow(stored), key);
  assert.equal(isUnderCurrentSecret(stored), true);
  const parts = stored.split('.');
  const body = Buffer.from(parts[4]!, 'base64url');
  body[0]! ^= 1;
  parts[4] = body.toString('base64url');
  assert.equal(openSecret(parts.join('.')), null);
  assert.throws(() => openSecretOrThrow(parts.join('.')), /no configured CREDENTIALS_SECRET/);
});
