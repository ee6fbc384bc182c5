import type { Contact } from '@/server/db';

export type ContactWithAccount = Contact & { account: { name: string } | null };

/** Every query that presents contacts includes the account's name. */
export const contactInclude = { account: { select: { name: true } } } as const;

/** The Contact resource of the API (docs/messaging-api.md §8). */
export function presentContact(contact: ContactWithAccount) {
  return {
    id: contact.id,
    phone_number: contact.phoneNumber,
    name: contact.name,
    tags: contact.tags,
    external_only: contact.externalOnly,
    opted_out_marketing: contact.optedOutMarketing,
    account: contact.account?.name ?? null,
    created_at: contact.createdAt.toISOString(),
  };
}
