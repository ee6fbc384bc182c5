import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cutSnippet, SNIPPET_CONTEXT } from './search-snippet';

test('a short message is kept whole, the match in its own case', () => {
  assert.deepEqual(cutSnippet('msg_1', 'Where is my REFUND?', 'refund'), {
    messageId: 'msg_1',
    before: 'Where is my ',
    match: 'REFUND',
    after: '?',
  });
});

test('a long message is cut around the match at spaces, with an ellipsis where it was cut', () => {
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`);
  words[30] = 'parcel';
  const snippet = cutSnippet('msg_2', words.join(' '), 'parcel');
  assert.ok(snippet);
  assert.equal(snippet.match, 'parcel');
  assert.ok(snippet.before.startsWith('…') && snippet.after.endsWith('…'));
  assert.ok(snippet.before.length <= SNIPPET_CONTEXT + 1 && snippet.after.length <= SNIPPET_CONTEXT + 1);
  // No word is split at either end.
  assert.match(snippet.before, /^…word\d+ /);
  assert.match(snippet.after, / word\d+…$/);
});

test('regular-expression characters in the term are literal; line breaks become spaces; no match is null', () => {
  assert.equal(cutSnippet('msg_3', 'It is 100% late\nsorry', '100%')?.after, ' late sorry');
  assert.equal(cutSnippet('msg_4', 'a (b) c', '(b)')?.match, '(b)');
  assert.equal(cutSnippet('msg_5', 'nothing here', 'parcel'), null);
  assert.equal(cutSnippet('msg_6', 'text', '  '), null);
});

test('Arabic text is cut the same way', () => {
  const snippet = cutSnippet('msg_7', 'مرحبا، أين طردي؟', 'طردي');
  assert.deepEqual(snippet && [snippet.before, snippet.match, snippet.after], ['مرحبا، أين ', 'طردي', '؟']);
});
