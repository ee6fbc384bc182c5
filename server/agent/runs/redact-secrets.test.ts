import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redact, redactText } from './redact-secrets';

const secret = 'p@ss w/rd+"é"=';

test('a secret is redacted as sent, URL-encoded, form-encoded, JSON-escaped and in base64', () => {
  const forms = [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ q: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ];
  for (const form of forms) assert.equal(redactText(`echo: ${form}.`, [secret]), 'echo: [secret].', form);
  assert.deepEqual(redact({ url: `https://shop.example/o?token=${encodeURIComponent(secret)}`, n: 1, [secret]: [secret] }, [secret]), {
    url: 'https://shop.example/o?token=[secret]',
    n: 1,
    '[secret]': ['[secret]'],
  });
  assert.equal(redactText('nothing to hide', ['', secret]), 'nothing to hide');
});
