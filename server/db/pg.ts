import pg from 'pg';
import { config } from '@/server/config';
import { logger } from '@/server/logger';

/**
 * A plain `pg` pool for the hot paths where the ORM's per-query cost dominates: the /v1 key
 * lookup and `GET /v1/me` (measured by `npm run bench:api`), and the webhook delivery engine
 * (`npm run bench:webhooks`). Everything else uses Prisma. Queries here are named, so
 * PostgreSQL prepares them once per connection.
 */
const globalForPg = globalThis as unknown as { pgPool?: pg.Pool };

export function getPgPool(): pg.Pool {
  return (globalForPg.pgPool ??= createPool());
}

function createPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
  // An idle connection that dies (PostgreSQL restarted) is dropped from the pool, which opens a
  // new one when next needed; unheard, the pool's 'error' event would end the process.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'an idle PostgreSQL connection was lost'));
  return pool;
}

/**
 * A connection lost while checked out (PostgreSQL restarted between two statements) reports it
 * as an event, which the pool only hears on idle connections: unheard, it would end the process.
 * The transaction's next statement fails instead and rolls back.
 */
const lostWhileCheckedOut = (err: Error) => logger.warn({ err: err.message }, 'a PostgreSQL connection in a transaction was lost');

/** Runs `work` in a transaction on one pooled connection: committed if it resolves, rolled back if it throws. */
export async function pgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPgPool().connect();
  client.on('error', lostWhileCheckedOut);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped rather than returned to the pool.
    broken = await client.query('ROLLBACK').then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    throw error;
  } finally {
    client.removeListener('error', lostWhileCheckedOut);
    client.release(broken);
  }
}
