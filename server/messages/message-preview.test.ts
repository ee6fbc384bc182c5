import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messagePreview, PREVIEW_LENGTH } from './message-preview';

test('a short message is its own preview', () => {
  assert.equal(messagePreview('Hello 👋'), 'Hello 👋');
});

test('a long message is cut at 200 characters, counting an emoji as one, never in half', () => {
  const text = `${'a'.repeat(PREVIEW_LENGTH - 1)}😀 and more`;
  assert.equal(messagePreview(text), `${'a'.repeat(PREVIEW_LENGTH - 1)}😀`);
  const emoji = '😀'.repeat(PREVIEW_LENGTH + 10);
  assert.equal(messagePreview(emoji), '😀'.repeat(PREVIEW_LENGTH));
  assert.equal(messagePreview('b'.repeat(PREVIEW_LENGTH + 1)), 'b'.repeat(PREVIEW_LENGTH));
});
