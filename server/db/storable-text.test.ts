import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findUnstorableText, storableString, toStorableText } from './storable-text';

test('finds a NUL or a lone surrogate with its path, in values and keys', () => {
  assert.equal(findUnstorableText({ a: 'fine', b: ['ok', 'emoji \uD83D\uDE00'] }), null);
  assert.deepEqual(findUnstorableText({ a: { b: ['ok', 'x\0'] } }), { path: ['a', 'b', 1], problem: 'a NUL character' });
  assert.deepEqual(findUnstorableText({ t: '\uD800' }), { path: ['t'], problem: 'an unpaired UTF-16 surrogate' });
  assert.deepEqual(findUnstorableText({ t: 'x\uDC00' }), { path: ['t'], problem: 'an unpaired UTF-16 surrogate' });
  assert.deepEqual(findUnstorableText({ 'k\0': 'v' }), { path: ['k\0'], problem: 'a NUL character' });
  assert.deepEqual(findUnstorableText('\0'), { path: [], problem: 'a NUL character' });
  assert.equal(findUnstorableText(42), null);
});

test('repairs every such character with U+FFFD and leaves pairs alone', () => {
  assert.equal(storableString('a\0b\uD800c\uDC00\uD83D\uDE00'), 'a\uFFFDb\uFFFDc\uFFFD\uD83D\uDE00');
  assert.deepEqual(toStorableText({ 'k\0': ['\uD800', 1, null, { n: 'x\0' }] }), { 'k\uFFFD': ['\uFFFD', 1, null, { n: 'x\uFFFD' }] });
});
