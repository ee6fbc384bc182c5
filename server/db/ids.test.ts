import assert from 'node:assert/strict';
import { test } from 'node:test';
import { idFromKey, isId, newId, randomBase62 } from './ids';

test('random base62 text has the length asked for, base62 characters only, and no repeats', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 2_000; i++) {
    const text = randomBase62(22);
    assert.match(text, /^[0-9A-Za-z]{22}$/);
    seen.add(text);
  }
  assert.equal(seen.size, 2_000);
});

test('every character is about equally likely across many pools of random bytes', () => {
  const counts = new Map<string, number>();
  const draws = 62 * 2_000;
  for (const char of randomBase62(draws)) counts.set(char, (counts.get(char) ?? 0) + 1);
  assert.equal(counts.size, 62);
  // Each expected 2,000 times; a biased mapping (modulo without rejection) would skew the first characters by ~25 %.
  for (const [char, count] of counts) assert.ok(count > 1_700 && count < 2_300, `${char} drawn ${count} times`);
});

test('ids carry their kind', () => {
  assert.ok(isId('message', newId('message')));
  assert.ok(!isId('contact', newId('message')));
});

test('an id from a key is always the same for that key and kind, and has the shape of an id', () => {
  const id = idFromKey('message', 'org_1\nreply-1');
  assert.equal(idFromKey('message', 'org_1\nreply-1'), id);
  assert.ok(isId('message', id), id);
  assert.notEqual(idFromKey('message', 'org_2\nreply-1'), id);
  assert.notEqual(idFromKey('note', 'org_1\nreply-1').slice(5), id.slice(4));
});
