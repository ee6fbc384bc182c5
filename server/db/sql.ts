import type { DbTx } from './index';

/** One statement: named ones are prepared once per `pg` connection (the hot paths name theirs). */
export interface SqlStatement {
  name?: string;
  text: string;
  values?: unknown[];
}

/**
 * What a writer runs its statements on, whatever opened the transaction: a `pg` pool or client
 * (`getPgPool()`, `pgTransaction`) is one as it is, a Prisma transaction through `prismaSql`.
 * Only rows come back, never a count, because a Prisma transaction cannot tell how many rows a
 * write without `RETURNING` touched: a writer that needs to know returns them.
 */
export interface Sql {
  query<Row = Record<string, unknown>>(statement: SqlStatement): Promise<{ rows: Row[] }>;
}

/** A Prisma interactive transaction (or the client) as `Sql`; the statement's name is pg's alone, so it is dropped. */
export function prismaSql(tx: DbTx): Sql {
  return {
    query: async <Row>(statement: SqlStatement) => ({ rows: await tx.$queryRawUnsafe<Row[]>(statement.text, ...(statement.values ?? [])) }),
  };
}
