import { notFound } from '@/server/errors/api-error';
import { db, Prisma } from '@/server/db';
import type { ContactChanges } from './contact-fields';
import { contactInclude, presentContact, whatsappContacts } from './present-contact';

/** Changes a contact of the organization; the org in the filter keeps other tenants' contacts out of reach. */
export async function updateContact(orgId: string, id: string, changes: ContactChanges) {
  try {
    const contact = await db.contact.update({
      where: { id, orgId, ...whatsappContacts },
      data: { name: changes.name, tags: changes.tags, optedOutMarketing: changes.optedOutMarketing, externalOnly: changes.externalOnly },
      include: contactInclude,
    });
    return presentContact(contact);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw notFound('contact');
    throw error;
  }
}
