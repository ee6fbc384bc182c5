import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linksIn } from './mail-links';

test('finds each http(s) link of a mail once, in order, and nothing else', () => {
  const text =
    'Open http://localhost:3000/reset-password/abc_-1 within the hour.\nAgain: http://localhost:3000/reset-password/abc_-1\nhttps://example.test/x ftp://no';
  assert.deepEqual(linksIn(text), ['http://localhost:3000/reset-password/abc_-1', 'https://example.test/x']);
  assert.deepEqual(linksIn('no links here'), []);
});
