import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMergePatch } from './merge-patch';

// The examples of RFC 7386 §3, and that the target is left as it was.
const rfcExamples: Array<[unknown, unknown, unknown]> = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [
    ['a', 'b'],
    ['c', 'd'],
    ['c', 'd'],
  ],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

test('applies the merge patches of RFC 7386', () => {
  for (const [target, patch, expected] of rfcExamples) {
    const before = JSON.stringify(target);
    assert.deepEqual(applyMergePatch(target, patch), expected, `${before} + ${JSON.stringify(patch)}`);
    assert.equal(JSON.stringify(target), before, 'the target is not changed');
  }
});
