import assert from 'node:assert/strict';

/**
 * Preloaded into every test process (scripts/test.ts). A failing `assert.ok(value)` without a
 * message makes Node read the test's source to quote the expression; under tsx the call site's
 * column is the transpiled one, and on a long test file that search ran for over 20 minutes at
 * full CPU instead of failing. With a message given, Node fails at once; the stack still names
 * the line.
 */
const ok = assert.ok;
assert.ok = ((value: unknown, message?: string | Error) =>
  ok(value, message ?? 'expected a truthy value (see the stack for the assertion)')) as typeof assert.ok;
