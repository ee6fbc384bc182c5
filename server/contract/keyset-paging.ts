/**
 * The keyset core both APIs' lists share: rows ordered by a timestamp and the id, which breaks
 * ties, so rows inserted while a client walks a list never make it skip or repeat one. Each
 * contract wraps it in its own cursor and list shape (server/api/paging.ts: signed cursors,
 * `{ data, has_more, next_cursor }`; server/agent/http/agent-paging.ts: `after`/`before` ids,
 * `{ object: "list", data, first_id, last_id, has_more }`).
 */
export interface SortKey {
  at: Date;
  id: string;
}

/** Prisma `where` for the rows after `key` in `direction` order of (`field`, id); none without a key. */
export function rowsAfter(field: string, key: SortKey | undefined, direction: 'asc' | 'desc') {
  if (!key) return {};
  const beyond = direction === 'desc' ? 'lt' : 'gt';
  return { OR: [{ [field]: { [beyond]: key.at } }, { [field]: key.at, id: { [beyond]: key.id } }] };
}

/** A page from `limit + 1` fetched rows: the first `limit`, and whether there were more. */
export function takePage<Row>(rows: Row[], limit: number): { page: Row[]; hasMore: boolean } {
  return rows.length > limit ? { page: rows.slice(0, limit), hasMore: true } : { page: rows, hasMore: false };
}
