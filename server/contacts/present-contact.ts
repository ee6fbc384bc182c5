import type { Contact } from '@/server/db';

export type ContactWithAccount = Contact & { account: { name: string } | null };

/**
 * The contacts of the messaging API, its contacts page and its lists: WhatsApp ones. A widget
 * visitor is a contact too, for the inbox (docs/agent-api.md §2.6), but has no number, so nothing
 * that sends or lists by number reaches it.
 */
export const whatsappContacts = { channel: 'whatsapp' } as const;

/** Every query that presents contacts includes the account's name. */
export const contactInclude = { account: { select: { name: true } } } as const;

/** The Contact resource of the API (docs/messaging-api.md §8). */
export function presentContact(contact: ContactWithAccount) {
  return {
    id: contact.id,
    // Presented contacts are WhatsApp ones (whatsappContacts), which always have a number.
    phone_number: contact.phoneNumber ?? '',
    name: contact.name,
    tags: contact.tags,
    external_only: contact.externalOnly,
    opted_out_marketing: contact.optedOutMarketing,
    account: contact.account?.name ?? null,
    created_at: contact.createdAt.toISOString(),
  };
}
