import { notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { contactInclude, presentContact, whatsappContacts } from './present-contact';

/** One contact of the organization; another organization's contact is not found, like a missing one. */
export async function getContact(orgId: string, id: string) {
  const contact = await db.contact.findFirst({ where: { id, orgId, ...whatsappContacts }, include: contactInclude });
  if (!contact) throw notFound('contact');
  return presentContact(contact);
}
