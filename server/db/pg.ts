import pg from 'pg';
import { config } from '@/server/config';

/**
 * A plain `pg` pool for the few hot-path reads where the ORM's per-query cost dominates (the
 * /v1 key lookup and `GET /v1/me`, measured by `npm run bench:api`). Everything else uses
 * Prisma. Queries here are named, so PostgreSQL prepares them once per connection.
 */
const globalForPg = globalThis as unknown as { pgPool?: pg.Pool };

export function getPgPool(): pg.Pool {
  return (globalForPg.pgPool ??= new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 }));
}
