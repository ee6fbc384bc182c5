import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withinCpu } from '@/tests/support/cpu-time';
import { normaliseForSearch, searchQueryOf } from './search-text';
import { PASSAGE_CHARS, splitPassages } from './split-passages';

test('markdown is split at headings, paragraphs gathered under them', () => {
  const text = 'Intro line.\n\n# Shipping\n\nWe ship in 2 days.\n\nFree over 100.\n\n## Returns\nReturn within 30 days.';
  assert.deepEqual(splitPassages(text, true), [
    { heading: null, text: 'Intro line.' },
    { heading: 'Shipping', text: 'We ship in 2 days.\n\nFree over 100.' },
    { heading: 'Returns', text: 'Return within 30 days.' },
  ]);
  // Plain text has no headings: a # line is text.
  assert.deepEqual(splitPassages('# not a heading\n\nbody', false), [{ heading: null, text: '# not a heading\n\nbody' }]);
});

test('long text becomes passages of at most PASSAGE_CHARS, cut between sentences or words', () => {
  const sentence = 'The parcel leaves our warehouse the same day. ';
  const passages = splitPassages(sentence.repeat(100), false);
  assert.ok(passages.length > 1);
  for (const passage of passages) {
    assert.ok(passage.text.length <= PASSAGE_CHARS, String(passage.text.length));
    assert.ok(passage.text.endsWith('.'), 'cut after a sentence');
  }
  assert.equal(
    passages
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' '),
    sentence.repeat(100).trim(),
  );
});

test('Arabic spelling variants and diacritics fold to one form; queries are OR-ed words', () => {
  assert.equal(normaliseForSearch('إرجاع المُنتَج'), normaliseForSearch('ارجاع المنتج'));
  assert.equal(normaliseForSearch('مكتبة'), normaliseForSearch('مكتبه'));
  assert.equal(normaliseForSearch('مستشفى'), normaliseForSearch('مستشفي'));
  assert.equal(searchQueryOf("What's the return policy? return"), 'what | the | return | policy');
  assert.equal(searchQueryOf('سياسة الإرجاع'), 'سياسه | الارجاع');
  assert.equal(searchQueryOf("' | & ! ()"), null, 'nothing but operators: no query');
});

test('the largest source (5 MiB) of one-letter paragraphs or headings is split in time linear in its size', () => {
  for (const unit of ['a\n\n', '# a\n\n', 'a\n']) {
    const text = unit.repeat((5 * 1024 * 1024) / unit.length);
    const passages = withinCpu(2_000, () => splitPassages(text, true));
    assert.ok(passages.every((passage) => passage.text.length <= PASSAGE_CHARS));
  }
});
