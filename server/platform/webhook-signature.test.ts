import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signPlatformPayload, verifyPlatformSignature } from './webhook-signature';

const body = '{"object":"whatsapp_business_account","entry":[]}';
const secret = 'app-secret';

test('a signed body verifies, as a string or as bytes', () => {
  const signature = signPlatformPayload(body, secret);
  assert.match(signature, /^sha256=[0-9a-f]{64}$/);
  assert.ok(verifyPlatformSignature(body, signature, secret));
  assert.ok(verifyPlatformSignature(Buffer.from(body), signature, secret));
  assert.equal(signPlatformPayload(Buffer.from(body), secret), signature);
});

test('a tampered body or another secret does not verify', () => {
  const signature = signPlatformPayload(body, secret);
  assert.equal(verifyPlatformSignature(`${body} `, signature, secret), false);
  assert.equal(verifyPlatformSignature(body, signature, 'other-secret'), false);
});

test('missing or malformed headers do not verify', () => {
  const hex = signPlatformPayload(body, secret).slice('sha256='.length);
  for (const header of [null, undefined, '', hex, `sha1=${hex}`, `sha256=${hex.slice(2)}`, `sha256=${'z'.repeat(64)}`]) {
    assert.equal(verifyPlatformSignature(body, header, secret), false, String(header));
  }
});
