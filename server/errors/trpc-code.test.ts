import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messagingErrorCodes } from './messaging-codes';
import { OrgAccessError } from './org-access-error';
import { OrgRuleError } from './org-rule-error';
import { trpcCodeForStatus, withTrpcCodes } from './trpc-code';

test('a status becomes its tRPC code; a deliberate 5xx is never INTERNAL_SERVER_ERROR, whose message is hidden', () => {
  assert.deepEqual([404, 409, 422, 405, 429, 503, 500, 502].map(trpcCodeForStatus), [
    'NOT_FOUND',
    'CONFLICT',
    'BAD_REQUEST',
    'BAD_REQUEST',
    'TOO_MANY_REQUESTS',
    'SERVICE_UNAVAILABLE',
    'BAD_GATEWAY',
    'BAD_GATEWAY',
  ]);
});

test("a table's entry keeps its own tRPC code, and the others get their status's", () => {
  const table = withTrpcCodes({ a: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' }, b: { status: 404 } } as const);
  assert.deepEqual([table.a.trpc, table.b.trpc], ['UNPROCESSABLE_CONTENT', 'NOT_FOUND']);
  assert.deepEqual(Object.keys(table), ['a', 'b']);
});

test('every messaging code and organization error says its tRPC code', () => {
  assert.equal(messagingErrorCodes.resource_not_found.trpc, 'NOT_FOUND');
  assert.equal(messagingErrorCodes.internal_error.trpc, 'BAD_GATEWAY');
  assert.equal(new OrgAccessError('no').trpcCode, 'FORBIDDEN');
  assert.deepEqual([new OrgRuleError('not_found', 'x').trpcCode, new OrgRuleError('conflict', 'x').trpcCode], ['NOT_FOUND', 'CONFLICT']);
});
