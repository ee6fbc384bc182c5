import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

test('JSON nested up to 64 levels passes, deeper does not; brackets in strings and escapes do not count', () => {
  assert.equal(nestsDeeperThan(nested(MAX_JSON_DEPTH)), false);
  assert.equal(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1)), true);
  assert.equal(nestsDeeperThan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`), true);
  assert.equal(nestsDeeperThan(JSON.stringify({ text: '['.repeat(1000), quote: '\\"[[[' })), false);
  assert.equal(nestsDeeperThan(`[${nested(3)}, ${nested(3)}]`, 4), false);
  assert.equal(nestsDeeperThan(`[${nested(3)}, [${nested(3)}]]`, 4), true);
});
