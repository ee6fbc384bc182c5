import { normalizePhoneNumber } from '@/server/contacts/phone-number';
import { db } from '@/server/db';
import { notFound } from '@/server/errors/api-error';
import { decideLimitUse, type LimitSubject, type LimitUse } from './limit-use';
import { readAllowance } from './messaging-allowance';

/**
 * The builder's estimate, before anything is saved: how these numbers would stand against the
 * template's portfolio limit if the campaign started now. It reads the allowance and the
 * contacts as the dispatcher does and decides with the dispatcher's own `decideLimitUse`.
 */
export async function estimateLimitUse(orgId: string, input: { templateId: string; phoneNumbers: string[] }, now = new Date()) {
  const template = await db.template.findFirst({
    where: { id: input.templateId, orgId },
    include: { account: { select: { portfolioId: true, portfolio: { select: { messagingLimit: true } } } } },
  });
  if (!template) throw notFound('template', 'templateId');
  const phones = [...new Set(input.phoneNumbers.map((phone, index) => normalizePhoneNumber(phone, `phoneNumbers[${index}]`)))];
  // One array parameter: a list of this size would pass PostgreSQL's limit of bound parameters.
  const contacts = await db.$queryRaw<Array<LimitSubject & { phone_number: string }>>`
    SELECT phone_number, opted_out_marketing, last_inbound_at FROM contacts
    WHERE org_id = ${orgId} AND phone_number = ANY(${phones}::text[])`;
  const byPhone = new Map(contacts.map((contact) => [contact.phone_number, contact]));
  const allowance = await readAllowance(db, template.account.portfolioId, template.account.portfolio.messagingLimit, now);
  const uses = decideLimitUse(
    phones.map((phone) => byPhone.get(phone) ?? { opted_out_marketing: null, last_inbound_at: null }),
    { marketing: template.category === 'MARKETING', remaining: allowance.remaining, now },
  );
  const count = (use: LimitUse) => uses.filter((u) => u === use).length;
  return {
    optedOut: count('opted_out'),
    windowOpen: count('window_open'),
    withinLimit: count('within_limit'),
    beyondLimit: count('beyond_limit'),
  };
}
