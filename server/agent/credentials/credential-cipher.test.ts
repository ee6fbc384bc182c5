import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decryptCredentialKey, encryptCredentialKey } from './credential-cipher';

test('a provider key survives encryption, never appears in the stored text, and a changed byte is refused', () => {
  const key = 'sk-test-0123456789abcdef';
  const stored = encryptCredentialKey(key);
  assert.ok(!stored.includes(key));
  assert.notEqual(encryptCredentialKey(key), stored, 'a fresh IV each time');
  assert.equal(decryptCredentialKey(stored), key);
  const parts = stored.split('.');
  const body = Buffer.from(parts[3]!, 'base64url');
  body[0]! ^= 1;
  parts[3] = body.toString('base64url');
  assert.throws(() => decryptCredentialKey(parts.join('.')));
});
