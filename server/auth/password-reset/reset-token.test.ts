import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashResetToken, isResetTokenShaped, newResetToken } from './reset-token';

test('a token is 32 random bytes in base64url, and only its SHA-256 hex is meant for storage', () => {
  const { token, tokenHash } = newResetToken();
  assert.equal(Buffer.from(token, 'base64url').length, 32);
  assert.ok(isResetTokenShaped(token));
  assert.match(tokenHash, /^[0-9a-f]{64}$/);
  assert.equal(hashResetToken(token), tokenHash);
  assert.notEqual(newResetToken().token, token);
});

test('text that cannot be a token is told apart before any lookup', () => {
  for (const bad of ['', 'short', `${'a'.repeat(43)}=`, 'a'.repeat(44), `${'a'.repeat(42)}/`]) assert.equal(isResetTokenShaped(bad), false, bad);
});
