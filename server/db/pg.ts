import pg from 'pg';
import { config } from '@/server/config';

/**
 * A plain `pg` pool for the hot paths where the ORM's per-query cost dominates: the /v1 key
 * lookup and `GET /v1/me` (measured by `npm run bench:api`), and the webhook delivery engine
 * (`npm run bench:webhooks`). Everything else uses Prisma. Queries here are named, so
 * PostgreSQL prepares them once per connection.
 */
const globalForPg = globalThis as unknown as { pgPool?: pg.Pool };

export function getPgPool(): pg.Pool {
  return (globalForPg.pgPool ??= new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 }));
}

/** Runs `work` in a transaction on one pooled connection: committed if it resolves, rolled back if it throws. */
export async function pgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPgPool().connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped rather than returned to the pool.
    const broken = await client.query('ROLLBACK').then(() => undefined, (rollbackError: Error) => rollbackError);
    client.release(broken);
    throw error;
  }
}
