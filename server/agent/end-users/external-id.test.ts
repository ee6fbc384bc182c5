import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AgentError } from '@/server/errors/agent-error';
import { checkExternalId, externalIdWarning } from './external-id';

test('external ids: 1 to 128 of letters, digits and . _ : -, first a letter or digit, not an id of our own', () => {
  for (const good of ['a', 'user_42', 'wa:cnt_1', 'A.b-c:d_e', 'x'.repeat(128), '9lives']) {
    assert.doesNotThrow(() => checkExternalId(good, 'end_user', '/external_id'), good);
  }
  for (const bad of ['', '_lead', '-x', 'x'.repeat(129), 'has space', 'jane@example.com', 'eu_123', 'ü']) {
    assert.throws(
      () => checkExternalId(bad, 'end_user', '/external_id'),
      (error: unknown) => error instanceof AgentError && error.code === 'external_id_invalid' && error.param === '/external_id',
      bad,
    );
  }
  assert.doesNotThrow(() => checkExternalId('eu_123', 'session', '/external_id'));
  assert.throws(() => checkExternalId('sess_123', 'session', '/external_id'));
});

test('phone- and email-like external ids are warned about, opaque ones are not', () => {
  for (const phone of ['971501234567', '971-50-123-4567', '0501234567', '1.202.555.0143'])
    assert.equal(externalIdWarning(phone), 'external_id_looks_like_phone', phone);
  for (const email of ['jane.doe.example.com', 'jane.4x9.example.com', 'jane_at_example.com', 'jane-at-mail.example.sa'])
    assert.equal(externalIdWarning(email), 'external_id_looks_like_email', email);
  for (const opaque of ['user_42', 'cus_9f8e7d', '123456', 'order:2024-11-24', 'v1.2.3', 'a1b2c3d4e5f6a7b8c9d0'])
    assert.equal(externalIdWarning(opaque), null, opaque);
});
