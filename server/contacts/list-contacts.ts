import { afterNewestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db } from '@/server/db';
import { contactInclude, presentContact } from './present-contact';
import { contactSearchWhere } from '@/server/contacts/contact-search';

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
    where: { orgId, AND: [contactSearchWhere(search), afterNewestFirst('createdAt', after)] },
    include: contactInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  return toPage('contacts', rows, limit, (row) => ({ at: row.createdAt, id: row.id }), presentContact);
}
