import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decryptCredentialKey, encryptCredentialKey, isUnderCurrentCredentialSecret, openCredentialKey } from './credential-cipher';

test('a provider key survives encryption under the configured secret, never appears in the stored text, and a changed byte is refused', () => {
  const key = 'sk-test-0123456789abcdef';
  const stored = encryptCredentialKey(key);
  assert.ok(!stored.includes(key));
  assert.notEqual(encryptCredentialKey(key), stored, 'a fresh IV each time');
  assert.equal(decryptCredentialKey(stored), key);
  assert.equal(isUnderCurrentCredentialSecret(stored), true);
  const parts = stored.split('.');
  const body = Buffer.from(parts[4]!, 'base64url');
  body[0]! ^= 1;
  parts[4] = body.toString('base64url');
  assert.equal(openCredentialKey(parts.join('.')), null);
  assert.throws(() => decryptCredentialKey(parts.join('.')), /no configured CREDENTIALS_SECRET/);
});
