import type { ContactChanges } from '@/server/contacts/contact-fields';
import { updateContact } from '@/server/contacts/update-contact';
import { publishInboxChange } from '@/server/live/publish-inbox-change';

/** Tags, name or marketing opt-out edited from the contact panel: the contacts service, then the team is told. */
export async function updateConversationContact(orgId: string, contactId: string, changes: ContactChanges) {
  const contact = await updateContact(orgId, contactId, changes);
  await publishInboxChange(orgId, contactId, 'contact');
  return contact;
}
