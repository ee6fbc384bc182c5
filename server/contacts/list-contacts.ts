import { afterNewestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db, type Prisma } from '@/server/db';
import { contactInclude, presentContact } from './present-contact';

export interface ListContactsOptions {
  limit: number;
  cursor?: string;
  /** Part of the name (any case) or, when it looks like a phone number, of the number's digits. */
  search?: string;
}

/** The organization's contacts, newest first, external_only ones included. */
export async function listContacts(orgId: string, { limit, cursor, search }: ListContactsOptions) {
  const after = decodeCursor('contacts', cursor);
  const rows = await db.contact.findMany({
    where: { orgId, AND: [searchFilter(search), afterNewestFirst('createdAt', after)] },
    include: contactInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  return toPage('contacts', rows, limit, (row) => ({ at: row.createdAt, id: row.id }), presentContact);
}

function searchFilter(search: string | undefined): Prisma.ContactWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const byName: Prisma.ContactWhereInput = { name: { contains: text, mode: 'insensitive' } };
  const digits = text.replace(/\D/g, '');
  // "+1 (555) 010" should find +15550102345, but "Room 5" should not match every number with a 5.
  if (!digits || !/^[+\d\s().-]+$/.test(text)) return byName;
  return { OR: [byName, { phoneNumber: { contains: digits } }] };
}
