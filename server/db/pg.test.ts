import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { getPgPool, pgTransaction } from './pg';

// A real connection to the database DATABASE_URL names (`npm test`'s empty test database).

after(() => getPgPool().end());

test('a connection lost between two statements of a transaction fails the transaction, not the process', async () => {
  const pool = getPgPool();
  const outcome = pgTransaction(async (client) => {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // PostgreSQL ends the session while the transaction waits on something else, as a restart does.
    await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return client.query('SELECT 1');
  });
  await assert.rejects(outcome);
  // The process is still here (an unheard 'error' event would have ended it), and so is the pool.
  assert.equal((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one, 1);
});
