import { db } from '@/server/db';

/** Every tag the organization's contacts carry, alphabetically (the contacts page's tag filter). */
export async function listContactTags(orgId: string): Promise<string[]> {
  // Raw SQL: the ORM cannot unnest an array column.
  const rows = await db.$queryRaw<Array<{ tag: string }>>`
    SELECT DISTINCT unnest(tags) AS tag FROM contacts WHERE org_id = ${orgId} ORDER BY tag LIMIT 500`;
  return rows.map((row) => row.tag);
}
