import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { normalizePhoneNumber } from './phone-number';

export interface ContactImportRow {
  phone: string;
  /** Replaces the contact's name; absent keeps it. */
  name?: string;
  /** Replace the contact's tags; absent or empty keeps them. */
  tags?: string[];
}

/**
 * Imports rows from a sheet as one statement, so all of them are saved or none: every number is
 * checked first with the campaign recipients' check, and the first bad one refuses the whole
 * import naming its index (`rows[3].phone`). Contacts are matched by number: a new number is
 * created, a known one gets the row's name and tags. A number twice in the sheet counts once
 * (the first row wins), as in a campaign.
 */
export async function importContacts(orgId: string, rows: ContactImportRow[]) {
  const byPhone = new Map<string, { id: string; phone: string; name: string | null; tags: string }>();
  rows.forEach((row, index) => {
    const phone = normalizePhoneNumber(row.phone, `rows[${index}].phone`);
    if (!byPhone.has(phone)) byPhone.set(phone, { id: newId('contact'), phone, name: row.name ?? null, tags: JSON.stringify(row.tags ?? []) });
  });
  const batch = [...byPhone.values()];
  if (batch.length === 0) return { created: 0, updated: 0, duplicates: rows.length };

  // Raw SQL: an upsert of the whole batch in one statement (`unnest`, ON CONFLICT), counting
  // inserted rows (xmax = 0) apart from updated ones. Tags travel as JSON text per row, since
  // unnest cannot take an array of arrays of different lengths.
  const [counts] = await db.$queryRaw<Array<{ created: number; updated: number }>>`
    WITH upserted AS (
      INSERT INTO contacts (id, org_id, phone_number, name, tags, updated_at)
      SELECT id, ${orgId}, phone, name, ARRAY(SELECT jsonb_array_elements_text(tags::jsonb)), now()
      FROM unnest(${batch.map((r) => r.id)}::text[], ${batch.map((r) => r.phone)}::text[], ${batch.map((r) => r.name)}::text[], ${batch.map((r) => r.tags)}::text[])
        AS batch(id, phone, name, tags)
      ON CONFLICT (org_id, phone_number) DO UPDATE SET
        name = COALESCE(EXCLUDED.name, contacts.name),
        tags = CASE WHEN cardinality(EXCLUDED.tags) > 0 THEN EXCLUDED.tags ELSE contacts.tags END,
        updated_at = now()
      RETURNING (xmax = 0) AS created
    )
    SELECT count(*) FILTER (WHERE created)::int AS created, count(*) FILTER (WHERE NOT created)::int AS updated FROM upserted`;
  return { created: counts?.created ?? 0, updated: counts?.updated ?? 0, duplicates: rows.length - batch.length };
}
