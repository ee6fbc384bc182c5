import { db } from '@/server/db';
import { getContact } from './get-contact';

/** The most campaigns a contact's history lists. */
const CAMPAIGN_LIMIT = 100;

/**
 * A contact's history: the contact, their conversation on each of the organization's numbers
 * (the inbox keeps one thread per contact, at `/inbox/<contact id>`), and the campaigns they
 * were in with their recipient status and its reason, newest first. Another organization's
 * contact is not found.
 */
export async function readContactHistory(orgId: string, contactId: string) {
  const contact = await getContact(orgId, contactId);
  const [threads, recipients] = await Promise.all([
    db.message.groupBy({
      by: ['accountId'],
      where: { orgId, contactId },
      _count: { _all: true },
      _min: { createdAt: true },
      _max: { createdAt: true },
    }),
    db.campaignRecipient.findMany({
      where: { phoneNumber: contact.phone_number, campaign: { orgId } },
      orderBy: [{ campaign: { createdAt: 'desc' } }, { id: 'desc' }],
      take: CAMPAIGN_LIMIT + 1,
      select: { status: true, errorMessage: true, updatedAt: true, campaign: { select: { id: true, name: true, createdAt: true } } },
    }),
  ]);
  const accounts = await db.account.findMany({ where: { orgId, id: { in: threads.map((t) => t.accountId) } }, select: { id: true, name: true } });
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  const conversations = threads
    .map((t) => ({
      account: accountName.get(t.accountId) ?? null,
      messages: t._count._all,
      first_message_at: t._min.createdAt?.toISOString() ?? null,
      last_message_at: t._max.createdAt?.toISOString() ?? null,
    }))
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''));
  return {
    contact,
    conversations,
    campaigns: recipients.slice(0, CAMPAIGN_LIMIT).map((r) => ({
      campaign_id: r.campaign.id,
      campaign_name: r.campaign.name,
      campaign_created_at: r.campaign.createdAt.toISOString(),
      status: r.status,
      reason: r.errorMessage,
      updated_at: r.updatedAt.toISOString(),
    })),
    more_campaigns: recipients.length > CAMPAIGN_LIMIT,
  };
}
