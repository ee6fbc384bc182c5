import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { Prisma } from '@/server/db';
import { errorAnswer } from '@/server/contract/http-error-mapper';
import { messagingContract } from '@/server/contract/messaging-contract';

/** The errors PostgreSQL, pg and Prisma raise while the database restarts, as /v1 answers them. */
const answer = async (error: unknown) => {
  const res = errorAnswer(messagingContract, error, {}, 'req_test');
  return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
};

function pgError(message: string, code: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

test('a lost or refused database connection is 503 service_unavailable', async () => {
  const clientVersion = '7';
  const outages = [
    pgError('terminating connection due to administrator command', '57P01'),
    pgError('the database system is starting up', '57P03'),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Prisma.PrismaClientKnownRequestError("Can't reach database server at 127.0.0.1:5432", { code: 'P1001', clientVersion }),
    new Prisma.PrismaClientUnknownRequestError('Error in connector: terminating connection due to administrator command', { clientVersion }),
    new Error('query failed', { cause: pgError('terminating connection due to administrator command', '57P01') }),
  ];
  for (const error of outages) assert.deepEqual(await answer(error), [503, 'service_unavailable'], error.message);
});

test('other failures stay 500 internal_error', async () => {
  for (const error of [new Error('boom'), pgError('new row violates check constraint', '23514')]) {
    assert.deepEqual(await answer(error), [500, 'internal_error'], error.message);
  }
});
