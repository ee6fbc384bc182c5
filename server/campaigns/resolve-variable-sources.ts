import { db, type Db, type DbTx } from '@/server/db';
import { ApiError } from '@/server/errors/api-error';
import type { TemplateForSend } from '@/server/messages/template-send';
import { validateRecipientParameters } from './campaign-template';
import { pickVariables, resolveVariables, usesContactFields, type MissingField, type VariableSources } from './variable-sources';

/** The organization's contact names by phone number, read only when a source needs a contact field. */
export async function contactNamesByPhone(orgId: string, phones: string[], sources: VariableSources | undefined, tx: Db | DbTx = db) {
  if (!usesContactFields(sources) || phones.length === 0) return new Map<string, string | null>();
  const rows = await tx.contact.findMany({ where: { orgId, phoneNumber: { in: phones } }, select: { phoneNumber: true, name: true } });
  return new Map(rows.map((row) => [row.phoneNumber, row.name]));
}

/** The refusal for a recipient whose contact field is empty: the same code as a missing CSV value. */
export function missingContactField(label: string, param: string, missing: MissingField) {
  return new ApiError(
    'missing_template_parameter',
    `${label}: variable \`${missing.variable}\` comes from the contact's ${missing.field}, which is empty for this recipient.`,
    { param },
  );
}

export interface SourcedRecipient {
  phone: string;
  /** The name given with the recipient, used when its contact has none. */
  name?: string | null;
  parameters: Record<string, string>;
}

/**
 * Every recipient's parameters with the sources applied, contact fields read in one query; throws
 * `missing_template_parameter` for the first recipient whose contact field is empty.
 */
export async function applyVariableSources(
  orgId: string,
  recipients: SourcedRecipient[],
  sources: VariableSources | undefined,
  label: (index: number, recipient: SourcedRecipient) => { label: string; param: string },
  tx: Db | DbTx = db,
): Promise<Array<Record<string, string>>> {
  if (!sources || Object.keys(sources).length === 0) return recipients.map((r) => r.parameters);
  const names = await contactNamesByPhone(
    orgId,
    recipients.map((r) => r.phone),
    sources,
    tx,
  );
  return recipients.map((recipient, index) => {
    const resolved = resolveVariables(sources, recipient.parameters, {
      phone: recipient.phone,
      name: names.get(recipient.phone) ?? recipient.name ?? null,
    });
    if (resolved.missing) {
      const where = label(index, recipient);
      throw missingContactField(where.label, where.param, resolved.missing);
    }
    return resolved.parameters;
  });
}

/**
 * Stored recipients' variables for a template (a draft's new one, or a retarget's): sources
 * applied, names the template does not declare dropped, each checked; the first refusal names
 * the recipient by position and number.
 */
export async function fillStoredRecipients(
  orgId: string,
  recipients: SourcedRecipient[],
  sources: VariableSources | undefined,
  template: TemplateForSend,
  tx: DbTx,
): Promise<Array<Record<string, string>>> {
  const named = (index: number, r: SourcedRecipient) => ({ label: `recipients[${index}] (${r.phone})`, param: 'sources' });
  const applied = await applyVariableSources(orgId, recipients, sources, named, tx);
  return applied.map((parameters, index) => {
    const filled = pickVariables(parameters, template.body.variables);
    validateRecipientParameters(template, filled, index, named(index, recipients[index]!).label);
    return filled;
  });
}

/** A dry run for the builder: which rows (by index) a contact-field source leaves empty, before anything is saved. */
export async function checkVariableSources(orgId: string, input: { phoneNumbers: string[]; sources: VariableSources }) {
  const names = await contactNamesByPhone(orgId, input.phoneNumbers, input.sources);
  const missing: Array<{ index: number } & MissingField> = [];
  input.phoneNumbers.forEach((phone, index) => {
    const resolved = resolveVariables(input.sources, {}, { phone, name: names.get(phone) ?? null });
    if (resolved.missing) missing.push({ index, ...resolved.missing });
  });
  return { missing };
}
