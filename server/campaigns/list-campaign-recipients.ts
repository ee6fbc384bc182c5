import { afterOldestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db, type Prisma, type RecipientStatus } from '@/server/db';
import { findCampaign } from './find-campaign';
import { presentRecipient, recipientInclude } from './present-campaign';

export interface RecipientQuery {
  status?: RecipientStatus;
  /** The dashboard's search: part of the number, or of the recipient's or its contact's name. */
  search?: string;
  limit: number;
  cursor?: string;
}

/** A campaign's recipients, oldest batch first, optionally of one status (and, for the dashboard, matching a search). */
export async function listCampaignRecipients(orgId: string, campaignId: string, query: RecipientQuery) {
  return toPage(`campaign-recipients-${campaignId}`, await findRecipientRows(orgId, campaignId, query), query.limit, keyOf, presentRecipient);
}

/** The dashboard's list: the API's recipient plus its contact's name (the /v1 shape stays as it is). */
export async function listCampaignRecipientsWithContacts(orgId: string, campaignId: string, query: RecipientQuery) {
  const rows = await findRecipientRows(orgId, campaignId, query);
  // A recipient is linked to its contact when it is sent; before that its contact is found by number.
  const unlinked = rows.filter((row) => !row.contact).map((row) => row.phoneNumber);
  const contacts = unlinked.length
    ? await db.contact.findMany({ where: { orgId, phoneNumber: { in: unlinked } }, select: { phoneNumber: true, name: true } })
    : [];
  const names = new Map(contacts.map((c) => [c.phoneNumber, c.name]));
  return toPage(`campaign-recipients-${campaignId}`, rows, query.limit, keyOf, (row) => ({
    ...presentRecipient(row),
    contact_name: row.contact?.name ?? names.get(row.phoneNumber) ?? null,
  }));
}

const keyOf = (row: { createdAt: Date; id: string }) => ({ at: row.createdAt, id: row.id });

async function findRecipientRows(orgId: string, campaignId: string, { status, search, limit, cursor }: RecipientQuery) {
  await findCampaign(orgId, campaignId);
  const after = decodeCursor(`campaign-recipients-${campaignId}`, cursor);
  return db.campaignRecipient.findMany({
    where: { campaignId, ...(status ? { status } : {}), ...(await searchWhere(orgId, search)), ...afterOldestFirst('createdAt', after) },
    include: { ...recipientInclude, contact: { select: { name: true } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: limit + 1,
  });
}

/**
 * A number matches on its digits; a name on the recipient's own name or its contact's (a draft's
 * recipients are linked to contacts only when sent, so contacts are matched by number too).
 */
async function searchWhere(orgId: string, search: string | undefined): Promise<Prisma.CampaignRecipientWhereInput> {
  const text = search?.trim();
  if (!text) return {};
  const digits = text.replace(/[^\d]/g, '');
  const named = await db.contact.findMany({
    where: { orgId, channel: 'whatsapp', phoneNumber: { not: null }, name: { contains: text, mode: 'insensitive' } },
    select: { phoneNumber: true },
    take: 1000,
  });
  return {
    OR: [
      ...(digits && /^[+\d\s().-]+$/.test(text) ? [{ phoneNumber: { contains: digits } }] : []),
      { name: { contains: text, mode: 'insensitive' } },
      ...(named.length > 0 ? [{ phoneNumber: { in: named.flatMap((c) => (c.phoneNumber ? [c.phoneNumber] : [])) } }] : []),
    ],
  };
}
