import { getPgPool } from '@/server/db/pg';

/** Rows one DELETE removes at most: each batch is its own short autocommitted statement. */
const BATCH = 5_000;

/**
 * Deletes the rows of `table` matching `condition` (SQL over the table aliased `t`, with
 * `$1` the cutoff), a batch at a time, so no lock or transaction outlives one batch and
 * writers to the table never wait long. Returns how many rows were deleted.
 */
export async function purgeInBatches(table: string, condition: string, cutoff: Date): Promise<number> {
  const text = `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} t WHERE ${condition} LIMIT ${BATCH})`;
  let total = 0;
  for (;;) {
    const { rowCount } = await getPgPool().query(text, [cutoff]);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return total;
  }
}
