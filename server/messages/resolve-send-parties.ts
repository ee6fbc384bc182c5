import { ApiError, notFound } from '@/server/errors/api-error';
import { normalizePhoneNumber } from '@/server/contacts/phone-number';
import { db, type AccountStatus, type Template } from '@/server/db';
import { batchedCalls } from '@/server/db/batched-calls';
import { isId } from '@/server/db/ids';
import { getPgPool } from '@/server/db/pg';

/**
 * Who a send is to, which template and which account it goes from. `from` defaults to the
 * template's account, then the contact's, then the organization's default (decisions).
 */
export interface SendTarget {
  to?: string;
  contact_id?: string;
  from?: string;
}

/** What a send needs of its contact. */
export interface SendContact {
  id: string;
  accountId: string | null;
  phoneNumber: string;
  optedOutMarketing: boolean;
  lastInboundAt: Date | null;
}

/** What a send needs of its account. */
export interface SendAccount {
  id: string;
  name: string;
  /** Disconnected numbers send nothing (docs/going-live.md, "Number health"). */
  status: AccountStatus;
}

/** The contact of a send (null when `to` is new: created on accept) and the accounts it may go from. */
export interface SendParties {
  contact: SendContact | null;
  phoneNumber: string;
  /** The account named by `from`, the contact's account and the organization's default, where they exist. */
  accounts: { named: SendAccount | null; contacts: SendAccount | null; default: SendAccount | null };
}

interface PartiesQuery {
  orgId: string;
  contactId: string | null;
  phoneNumber: string | null;
  from: string | null;
}

interface PartiesRow {
  n: string;
  contact_id: string | null;
  contact_account_id: string | null;
  phone_number: string | null;
  opted_out_marketing: boolean | null;
  last_inbound_at: Date | null;
  contact_account_name: string | null;
  contact_account_status: AccountStatus | null;
  named_id: string | null;
  named_name: string | null;
  named_status: AccountStatus | null;
  default_id: string | null;
  default_name: string | null;
  default_status: AccountStatus | null;
}

const account = (id: string | null, name: string | null, status: AccountStatus | null): SendAccount | null =>
  id && name && status ? { id, name, status } : null;

// A widget visitor's contact (no number) is nobody a message can go to: `contact_id` naming one is not found.
// Every send reads its contact and accounts; sends accepted at the same time share one
// statement (under load a database round trip per request was the accept path's main cost,
// `npm run bench:send`).
const readPartiesTogether = batchedCalls(async (queries: PartiesQuery[]) => {
  const { rows } = await getPgPool().query<PartiesRow>({
    name: 'send-parties',
    text: `SELECT t.n, c.id AS contact_id, c.account_id AS contact_account_id, c.phone_number, c.opted_out_marketing, c.last_inbound_at,
                  ca.name AS contact_account_name, ca.status AS contact_account_status, na.id AS named_id, na.name AS named_name,
                  na.status AS named_status, da.id AS default_id, da.name AS default_name, da.status AS default_status
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(org_id, contact_id, phone_number, from_name, n)
           LEFT JOIN LATERAL (
             SELECT id, account_id, phone_number, opted_out_marketing, last_inbound_at FROM contacts
             WHERE t.contact_id IS NOT NULL AND id = t.contact_id AND org_id = t.org_id AND channel = 'whatsapp'
             UNION ALL
             SELECT id, account_id, phone_number, opted_out_marketing, last_inbound_at FROM contacts
             WHERE t.contact_id IS NULL AND org_id = t.org_id AND phone_number = t.phone_number
           ) c ON true
           LEFT JOIN accounts ca ON ca.id = c.account_id
           LEFT JOIN accounts na ON na.org_id = t.org_id AND na.name = t.from_name
           LEFT JOIN LATERAL (
             SELECT id, name, status FROM accounts WHERE org_id = t.org_id
             ORDER BY status = 'disconnected', is_default_outgoing DESC, created_at ASC LIMIT 1
           ) da ON true`,
    values: [queries.map((q) => q.orgId), queries.map((q) => q.contactId), queries.map((q) => q.phoneNumber), queries.map((q) => q.from)],
  });
  return new Map(rows.map((row) => [queries[Number(row.n) - 1] as PartiesQuery, row]));
}, 3);

/** The contact addressed by `contact_id` or `to`, and the accounts the send may go from. */
export async function resolveSendParties(orgId: string, target: SendTarget): Promise<SendParties> {
  let phoneNumber: string | null = null;
  if (target.contact_id !== undefined) {
    if (!isId('contact', target.contact_id)) {
      throw new ApiError('invalid_parameter', '`contact_id` is not a contact id.', { param: 'contact_id' });
    }
  } else {
    phoneNumber = normalizePhoneNumber(target.to ?? '', 'to');
  }
  const query: PartiesQuery = { orgId, contactId: target.contact_id ?? null, phoneNumber, from: target.from ?? null };
  const row = (await readPartiesTogether(query)).get(query) as PartiesRow;
  const contact: SendContact | null = row.contact_id
    ? {
        id: row.contact_id,
        accountId: row.contact_account_id,
        phoneNumber: row.phone_number as string,
        optedOutMarketing: row.opted_out_marketing === true,
        lastInboundAt: row.last_inbound_at,
      }
    : null;
  if (!contact && target.contact_id !== undefined) throw notFound('contact', 'contact_id');
  return {
    contact,
    phoneNumber: contact?.phoneNumber ?? (phoneNumber as string),
    accounts: {
      named: account(row.named_id, row.named_name, row.named_status),
      contacts: account(row.contact_account_id, row.contact_account_name, row.contact_account_status),
      default: account(row.default_id, row.default_name, row.default_status),
    },
  };
}

/** A template with the account it belongs to. */
export type SendTemplate = Template & { account: SendAccount };

/** A template by name (preferring the `from` account's, then an APPROVED one) or id; must be APPROVED. */
export async function resolveTemplate(orgId: string, ref: { name?: string; id?: string }, from?: string): Promise<SendTemplate> {
  const include = { account: { select: { id: true, name: true, status: true } } };
  let template: SendTemplate | null;
  if (ref.id !== undefined) {
    template = isId('template', ref.id) ? await db.template.findFirst({ where: { id: ref.id, orgId }, include }) : null;
    if (!template) throw notFound('template', 'template.id');
  } else {
    const candidates = await db.template.findMany({
      where: { orgId, name: ref.name },
      include,
      orderBy: [{ language: 'asc' }, { id: 'asc' }],
    });
    template =
      candidates.find((t) => t.account.name === from && t.status === 'APPROVED') ??
      candidates.find((t) => t.status === 'APPROVED') ??
      candidates[0] ??
      null;
    if (!template) throw notFound(`template named \`${ref.name}\``, 'template.name');
  }
  if (template.status !== 'APPROVED') {
    const advice =
      template.status === 'PENDING'
        ? 'PENDING means the platform is still reviewing it: wait for approval.'
        : template.status === 'REJECTED'
          ? 'REJECTED means the platform refused it: fix it and resubmit.'
          : 'It cannot be sent until the platform approves it again.';
    throw new ApiError('template_not_approved', `Template \`${template.name}\` is ${template.status}, not APPROVED. ${advice}`, {
      param: ref.id !== undefined ? 'template.id' : 'template.name',
    });
  }
  return template;
}

/** The account a send goes from: `from`, else the template's, then the contact's, then the organization's default. */
export function chooseAccount(parties: SendParties, from: string | undefined, template: SendTemplate | null): SendAccount {
  if (from !== undefined) {
    if (!parties.accounts.named) throw new ApiError('account_not_found', `No account named \`${from}\` in this organization.`, { param: 'from' });
    return connected(parties.accounts.named);
  }
  const account = template?.account ?? parties.accounts.contacts ?? parties.accounts.default;
  if (!account) throw new ApiError('no_connected_account', 'This organization has no connected account to send from.');
  return connected(account);
}

function connected(account: SendAccount): SendAccount {
  if (account.status !== 'disconnected') return account;
  throw new ApiError('account_disconnected', `Account \`${account.name}\` is disconnected: it sends nothing until it is connected again.`, {
    param: 'from',
  });
}
