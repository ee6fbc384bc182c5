import type { Prisma } from '@/server/db';

/**
 * Contacts matching a search box: part of the name in any case, or, when the text looks like a
 * phone number, the digits within the number. "+1 (555) 010" finds +15550102345, but "Room 5"
 * does not match every number with a 5. Trigram indexes serve both.
 */
export function contactSearchWhere(search: string | undefined): Prisma.ContactWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const byName: Prisma.ContactWhereInput = { name: { contains: text, mode: 'insensitive' } };
  const digits = text.replace(/\D/g, '');
  if (!digits || !/^[+\d\s().-]+$/.test(text)) return byName;
  return { OR: [byName, { phoneNumber: { contains: digits } }] };
}
