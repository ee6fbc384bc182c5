import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/server/config';
import { rowsAfter, takePage, type SortKey } from '@/server/contract/keyset-paging';
import { ApiError } from '@/server/errors/api-error';

export type { SortKey };

/**
 * The messaging contract's cursor paging over the keyset core (server/contract/keyset-paging.ts).
 * A cursor names its list and the sort key of the last row returned, and is signed, so a cursor
 * from another list or one that was edited is refused (422, param `cursor`).
 */
export const pagingQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size, 1 to 200.'),
  cursor: z.string().min(1).max(512).optional().describe('The `next_cursor` of the previous page.'),
};

const sign = (payload: string) => createHmac('sha256', config.AUTH_SECRET).update(payload).digest('base64url').slice(0, 16);

export function encodeCursor(list: string, key: SortKey): string {
  const payload = Buffer.from(JSON.stringify([list, key.at.toISOString(), key.id])).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

export function decodeCursor(list: string, cursor: string | undefined): SortKey | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new ApiError('invalid_parameter', 'The cursor is not valid for this list.', { param: 'cursor' });
  const [payload, signature] = cursor.split('.');
  if (!payload || !signature) throw invalid();
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  const [cursorList, at, id] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [string, string, string];
  if (cursorList !== list) throw invalid();
  return { at: new Date(at), id };
}

/** Turns `limit + 1` fetched rows into a page: `{ data, has_more, next_cursor? }`. */
export function toPage<Row, Item>(
  list: string,
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => SortKey,
  present: (row: Row) => Item,
): { data: Item[]; has_more: boolean; next_cursor?: string } {
  const { page, hasMore } = takePage(rows, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(present),
    has_more: hasMore,
    ...(hasMore && last !== undefined ? { next_cursor: encodeCursor(list, keyOf(last)) } : {}),
  };
}

/** Prisma `where` for rows after `key` in newest-first order of (`field`, id). */
export const afterNewestFirst = (field: string, key: SortKey | undefined) => rowsAfter(field, key, 'desc');

/** Prisma `where` for rows after `key` in oldest-first order of (`field`, id). */
export const afterOldestFirst = (field: string, key: SortKey | undefined) => rowsAfter(field, key, 'asc');
