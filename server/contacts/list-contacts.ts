import { afterNewestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db } from '@/server/db';
import { contactInclude, presentContact, whatsappContacts } from './present-contact';
import { contactSearchWhere } from '@/server/contacts/contact-search';

export interface ListContactsOptions {
  limit: number;
  cursor?: string;
  /** Part of the name (any case) or, when it looks like a phone number, of the number's digits. */
  search?: string;
  /** Only contacts with this tag. */
  tag?: string;
  /** Only contacts that opted out of marketing (true) or did not (false). */
  optedOut?: boolean;
}

/** The organization's WhatsApp contacts, newest first, external_only ones included. */
export async function listContacts(orgId: string, { limit, cursor, search, tag, optedOut }: ListContactsOptions) {
  const after = decodeCursor('contacts', cursor);
  const rows = await db.contact.findMany({
    where: {
      orgId,
      ...whatsappContacts,
      ...(tag ? { tags: { has: tag } } : {}),
      ...(optedOut === undefined ? {} : { optedOutMarketing: optedOut }),
      AND: [contactSearchWhere(search), afterNewestFirst('createdAt', after)],
    },
    include: contactInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  return toPage('contacts', rows, limit, (row) => ({ at: row.createdAt, id: row.id }), presentContact);
}
