import type { DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';

/** Contact ids for these numbers, creating (on the campaign's account) those the organization does not have yet. */
export async function ensureContacts(tx: DbTx, orgId: string, accountId: string, phones: string[]): Promise<Map<string, string>> {
  if (phones.length === 0) return new Map();
  await tx.$executeRaw`
    INSERT INTO contacts (id, org_id, account_id, phone_number, tags, updated_at)
    SELECT id, ${orgId}, ${accountId}, phone, '{}', now()
    FROM unnest(${phones.map(() => newId('contact'))}::text[], ${phones}::text[]) AS batch(id, phone)
    ON CONFLICT (org_id, phone_number) DO NOTHING`;
  const rows = await tx.$queryRaw<Array<{ id: string; phone_number: string }>>`
    SELECT id, phone_number FROM contacts WHERE org_id = ${orgId} AND phone_number = ANY(${phones}::text[])`;
  return new Map(rows.map((row) => [row.phone_number, row.id]));
}
