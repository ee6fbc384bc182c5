import { ApiError } from '@/server/errors/api-error';
import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { ContactChanges } from './contact-fields';
import { normalizePhoneNumber } from './phone-number';
import { contactInclude, presentContact } from './present-contact';

/**
 * Creates a contact of the organization. The unique index on (org, phone) decides races:
 * of two concurrent creates of one number, one inserts and the other gets `contact_exists`.
 */
export async function createContact(orgId: string, input: ContactChanges & { phoneNumber: string }) {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  try {
    const contact = await db.contact.create({
      data: {
        id: newId('contact'),
        orgId,
        phoneNumber,
        name: input.name ?? null,
        tags: input.tags ?? [],
        optedOutMarketing: input.optedOutMarketing ?? false,
      },
      include: contactInclude,
    });
    return presentContact(contact);
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    const existing = await db.contact.findUnique({ where: { orgId_phoneNumber: { orgId, phoneNumber } }, select: { id: true } });
    if (!existing) throw error;
    throw new ApiError('contact_exists', `A contact with phone number ${phoneNumber} already exists: ${existing.id}.`, {
      param: 'phone_number',
    });
  }
}
