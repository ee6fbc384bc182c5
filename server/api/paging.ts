import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/server/config';
import { ApiError } from '@/server/errors/api-error';

/**
 * Cursor paging. A cursor names its list and the sort key of the last row returned, and is
 * signed, so a cursor from another list or one that was edited is refused (422, param
 * `cursor`). Lists order by a timestamp and the id, which breaks ties, so rows inserted while
 * a client walks the list never make it skip or repeat a row.
 */
export const pagingQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size, 1 to 200.'),
  cursor: z.string().min(1).max(512).optional().describe('The `next_cursor` of the previous page.'),
};

export interface SortKey {
  at: Date;
  id: string;
}

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
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    data: page.map(present),
    has_more: hasMore,
    ...(hasMore && last !== undefined ? { next_cursor: encodeCursor(list, keyOf(last)) } : {}),
  };
}

/** Prisma `where` for rows after `key` in newest-first order of (`field`, id). */
export function afterNewestFirst(field: string, key: SortKey | undefined) {
  if (!key) return {};
  return { OR: [{ [field]: { lt: key.at } }, { [field]: key.at, id: { lt: key.id } }] };
}

/** Prisma `where` for rows after `key` in oldest-first order of (`field`, id). */
export function afterOldestFirst(field: string, key: SortKey | undefined) {
  if (!key) return {};
  return { OR: [{ [field]: { gt: key.at } }, { [field]: key.at, id: { gt: key.id } }] };
}
