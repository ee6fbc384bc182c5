import { ApiError, notFound } from '@/server/api/api-error';
import { normalizePhoneNumber } from '@/server/contacts/phone-number';
import { db, type Template } from '@/server/db';
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
}

// The reads of every send, on prepared `pg` statements: the ORM's per-query cost dominated
// the accept path (`npm run bench:send`).
const contactColumns = `id, account_id AS "accountId", phone_number AS "phoneNumber",
  opted_out_marketing AS "optedOutMarketing", last_inbound_at AS "lastInboundAt"`;

async function queryOne<T extends object>(name: string, text: string, values: unknown[]): Promise<T | null> {
  const { rows } = await getPgPool().query<T>({ name, text, values });
  return rows[0] ?? null;
}

/** The contact addressed by `contact_id`, or by `to` (null when `to` is new: created on accept). */
export async function resolveContact(orgId: string, target: SendTarget): Promise<{ contact: SendContact | null; phoneNumber: string }> {
  if (target.contact_id !== undefined) {
    if (!isId('contact', target.contact_id)) {
      throw new ApiError('invalid_parameter', '`contact_id` is not a contact id.', { param: 'contact_id' });
    }
    const contact = await queryOne<SendContact>('send-contact-by-id', `SELECT ${contactColumns} FROM contacts WHERE id = $1 AND org_id = $2`, [
      target.contact_id,
      orgId,
    ]);
    if (!contact) throw notFound('contact', 'contact_id');
    return { contact, phoneNumber: contact.phoneNumber };
  }
  const phoneNumber = normalizePhoneNumber(target.to ?? '', 'to');
  const contact = await queryOne<SendContact>(
    'send-contact-by-number',
    `SELECT ${contactColumns} FROM contacts WHERE org_id = $1 AND phone_number = $2`,
    [orgId, phoneNumber],
  );
  return { contact, phoneNumber };
}

/** A template by name (preferring the `from` account's, then an APPROVED one) or id; must be APPROVED. */
export async function resolveTemplate(orgId: string, ref: { name?: string; id?: string }, from?: string): Promise<Template> {
  let template: Template | null;
  if (ref.id !== undefined) {
    template = isId('template', ref.id) ? await db.template.findFirst({ where: { id: ref.id, orgId } }) : null;
    if (!template) throw notFound('template', 'template.id');
  } else {
    const candidates = await db.template.findMany({
      where: { orgId, name: ref.name },
      include: { account: { select: { name: true } } },
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

export async function resolveAccount(orgId: string, from: string | undefined, preferred: Array<string | null | undefined>): Promise<SendAccount> {
  if (from !== undefined) {
    const account = await queryOne<SendAccount>('send-account-by-name', 'SELECT id, name FROM accounts WHERE org_id = $1 AND name = $2', [orgId, from]);
    if (!account) throw new ApiError('account_not_found', `No account named \`${from}\` in this organization.`, { param: 'from' });
    return account;
  }
  // The first preferred account that exists, else the organization's default, in one read.
  const account = await queryOne<SendAccount>(
    'send-account-default',
    `SELECT id, name FROM accounts WHERE org_id = $1
     ORDER BY array_position($2::text[], id) NULLS LAST, is_default_outgoing DESC, created_at ASC LIMIT 1`,
    [orgId, preferred.filter((id): id is string => !!id)],
  );
  if (!account) throw new ApiError('no_connected_account', 'This organization has no connected account to send from.');
  return account;
}
