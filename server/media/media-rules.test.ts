import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptsContentType, formatBytes, isMediaType, LINK_MEDIA_MAX_BYTES, linkMediaMaxBytes, normaliseContentType } from './media-rules';

test('content types are normalised before comparing', () => {
  assert.equal(normaliseContentType('Image/JPEG; charset=binary'), 'image/jpeg');
  assert.equal(normaliseContentType('  text/plain;charset=utf-8 '), 'text/plain');
  assert.equal(normaliseContentType(null), '');
});

test('each type accepts only the platform types', () => {
  assert.ok(acceptsContentType('image', 'image/png'));
  assert.ok(acceptsContentType('image', 'IMAGE/JPEG; q=1'));
  assert.ok(!acceptsContentType('image', 'image/webp'), 'webp is for stickers only');
  assert.ok(!acceptsContentType('image', 'image/gif'));
  assert.ok(acceptsContentType('video', 'video/3gpp'));
  assert.ok(!acceptsContentType('video', 'video/quicktime'));
  assert.ok(acceptsContentType('audio', 'audio/ogg'));
  assert.ok(acceptsContentType('document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
  assert.ok(!acceptsContentType('document', 'application/zip'));
  assert.ok(!acceptsContentType('document', 'text/html'));
});

test('link limits: the platform limit, within the 15 MB cap', () => {
  assert.equal(LINK_MEDIA_MAX_BYTES, 15 * 1024 * 1024);
  assert.equal(linkMediaMaxBytes('image'), 5 * 1024 * 1024);
  assert.equal(linkMediaMaxBytes('video'), LINK_MEDIA_MAX_BYTES);
  assert.equal(linkMediaMaxBytes('audio'), LINK_MEDIA_MAX_BYTES);
  assert.equal(linkMediaMaxBytes('document'), LINK_MEDIA_MAX_BYTES);
  assert.equal(formatBytes(LINK_MEDIA_MAX_BYTES), '15 MB');
  assert.ok(isMediaType('document') && !isMediaType('sticker') && !isMediaType('text'));
});
