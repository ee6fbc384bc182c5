import { z } from 'zod';
import { rowsAfter, takePage } from '@/server/contract/keyset-paging';
import { AgentError } from '@/server/errors/agent-error';

/**
 * Lists of the agent service (docs/agent-api.md §1.1), over the keyset core both APIs share
 * (server/contract/keyset-paging.ts): `{ object: "list", data, first_id, last_id,
 * has_more }`, newest first by (created_at, id), `limit` 1–100 (20), and `after` or `before`
 * naming an item of the same list (`last_id` / `first_id` of a page). Both at once, or an id
 * the list does not hold (another list's, another project's, a deleted one) → `invalid_cursor`.
 */
export const agentListQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100 (default 20).'),
  after: z.string().min(1).max(64).optional().describe('`last_id` of the previous page: the items after it.'),
  before: z.string().min(1).max(64).optional().describe('`first_id` of a page: the items before it.'),
};

export interface AgentListParams {
  limit: number;
  after?: string;
  before?: string;
}

export interface AgentList<T> {
  object: 'list';
  data: T[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

interface Keyed {
  id: string;
  createdAt: Date;
}

/** Prisma `where` and order for one page; `fetch` gets them and returns up to `take` rows. */
export interface PageWindow {
  where: object;
  orderBy: Array<{ createdAt: 'asc' | 'desc' } | { id: 'asc' | 'desc' }>;
  take: number;
}

function cursorOf(params: AgentListParams): { direction: 'after' | 'before'; id: string } | null {
  if (params.after !== undefined && params.before !== undefined) throw new AgentError('invalid_cursor', { param: 'before' });
  if (params.after !== undefined) return { direction: 'after', id: params.after };
  if (params.before !== undefined) return { direction: 'before', id: params.before };
  return null;
}

/**
 * One page of a database list. `findInList(id)` finds a row by id under the list's own filter
 * (so a foreign id is not found); `fetch` runs the window under the same filter.
 */
export async function pageAgentList<Row extends Keyed, T>(
  params: AgentListParams,
  findInList: (id: string) => Promise<Keyed | null>,
  fetch: (window: PageWindow) => Promise<Row[]>,
  present: (row: Row) => T,
): Promise<AgentList<T>> {
  const cursor = cursorOf(params);
  const anchor = cursor ? await findInList(cursor.id) : null;
  if (cursor && !anchor) throw new AgentError('invalid_cursor', { param: cursor.direction });
  // `before` walks towards newer rows, oldest first, and is turned back to newest first below.
  const direction = cursor?.direction === 'before' ? 'asc' : 'desc';
  const key = anchor ? { at: anchor.createdAt, id: anchor.id } : undefined;
  const rows = await fetch({
    where: rowsAfter('createdAt', key, direction),
    orderBy: [{ createdAt: direction }, { id: direction }],
    take: params.limit + 1,
  });
  const { page, hasMore } = takePage(rows, params.limit);
  if (cursor?.direction === 'before') page.reverse();
  return toList(page.map(present), page, hasMore);
}

/** One page of a list held in memory (a catalogue), in its given order. */
export function pageAgentArray<T extends { id: string }>(params: AgentListParams, items: T[]): AgentList<T> {
  const cursor = cursorOf(params);
  let start = 0;
  let end = items.length;
  if (cursor) {
    const index = items.findIndex((item) => item.id === cursor.id);
    if (index < 0) throw new AgentError('invalid_cursor', { param: cursor.direction });
    if (cursor.direction === 'after') start = index + 1;
    else end = index;
  }
  const page = cursor?.direction === 'before' ? items.slice(Math.max(start, end - params.limit), end) : items.slice(start, start + params.limit);
  const hasMore = cursor?.direction === 'before' ? end - params.limit > start : start + params.limit < end;
  return toList(page, page, hasMore);
}

function toList<T>(data: T[], keyed: Array<{ id: string }>, hasMore: boolean): AgentList<T> {
  return { object: 'list', data, first_id: keyed[0]?.id ?? null, last_id: keyed[keyed.length - 1]?.id ?? null, has_more: hasMore };
}
