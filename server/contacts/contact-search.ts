import { db, Prisma } from '@/server/db';

/** Message text is searched from this many characters on: trigram indexes need three. */
export const MESSAGE_SEARCH_MIN_LENGTH = 3;

/**
 * Contacts matching a search box: part of the name in any case, or, when the text looks like a
 * phone number, the digits within the number. "+1 (555) 010" finds +15550102345, but "Room 5"
 * does not match every number with a 5. Trigram indexes serve both. (The inbox's search also
 * finds message text: `firstSearchMatches` and `listSearchMatches` below.)
 */
export function contactSearchWhere(search: string | undefined): Prisma.ContactWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const matches: Prisma.ContactWhereInput[] = [{ name: { contains: text, mode: 'insensitive' } }];
  const digits = phoneDigits(text);
  if (digits) matches.push({ phoneNumber: { contains: digits } });
  return matches.length === 1 ? matches[0]! : { OR: matches };
}

export const searchesMessageText = (text: string) => [...text.trim()].length >= MESSAGE_SEARCH_MIN_LENGTH;

/** A search's ILIKE pattern (wildcards in it escaped) and, for a phone-like text, its digits. */
function searchPatterns(search: string) {
  const text = search.trim();
  return { pattern: `%${text.replace(/[\\%_]/g, '\\$&')}%`, digits: phoneDigits(text) };
}

/** The digits of a text that looks like a phone number, else null. */
function phoneDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return digits && /^[+\d\s().-]+$/.test(text) ? digits : null;
}

/**
 * The ids of the organization's contacts matching `search` by name, number or message text,
 * listed from the trigram indexes: fast for a rare term, slow for a common one (a second for a
 * word in every one of a million messages), so callers try the newest conversations first.
 */
export async function listSearchMatches(orgId: string, search: string): Promise<string[]> {
  const { pattern, digits } = searchPatterns(search);
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM contacts WHERE org_id = ${orgId} AND name ILIKE ${pattern}
    UNION
    SELECT id FROM contacts WHERE org_id = ${orgId} AND ${digits ? Prisma.sql`phone_number LIKE ${`%${digits}%`}` : Prisma.sql`false`}
    UNION
    SELECT contact_id FROM messages WHERE org_id = ${orgId} AND content ILIKE ${pattern}`;
  return rows.map((row) => row.id);
}

/**
 * Of `ids` (conversations, newest first), the first `limit` whose name, number or message
 * text contains `search`, in that order. Each is checked on its own (a message index lookup
 * per contact) and the scan stops at `limit`, so a common term costs a few rows; a planner's
 * join would instead list all of a common term's matches first.
 */
export async function firstSearchMatches(orgId: string, ids: string[], search: string, limit: number): Promise<string[]> {
  const { pattern, digits } = searchPatterns(search);
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT c.id FROM unnest(${ids}::text[]) WITH ORDINALITY AS newest(id, n)
    JOIN contacts c ON c.id = newest.id
    WHERE c.name ILIKE ${pattern}
      OR ${digits ? Prisma.sql`c.phone_number LIKE ${`%${digits}%`}` : Prisma.sql`false`}
      OR (SELECT true FROM messages m WHERE m.org_id = ${orgId} AND m.contact_id = c.id AND m.content ILIKE ${pattern} LIMIT 1)
    ORDER BY newest.n
    LIMIT ${limit}`;
  return rows.map((row) => row.id);
}

/**
 * For each of `contactIds` (a page of search results), its newest message whose text contains
 * `search`: one index lookup per conversation (LATERAL … LIMIT 1), so a page costs a page's
 * worth of lookups however common the term.
 */
export async function newestMatchingMessages(orgId: string, contactIds: string[], search: string) {
  if (contactIds.length === 0) return new Map<string, { id: string; content: string }>();
  const { pattern } = searchPatterns(search);
  const rows = await db.$queryRaw<Array<{ contact_id: string; id: string; content: string }>>`
    SELECT c.id AS contact_id, m.id, m.content FROM unnest(${contactIds}::text[]) AS c(id)
    CROSS JOIN LATERAL (
      SELECT id, content FROM messages
      WHERE org_id = ${orgId} AND contact_id = c.id AND content ILIKE ${pattern}
      ORDER BY created_at DESC, id DESC LIMIT 1
    ) m`;
  return new Map(rows.map((row) => [row.contact_id, { id: row.id, content: row.content }]));
}
