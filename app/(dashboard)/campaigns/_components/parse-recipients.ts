import { checkSheet, phoneColumn, type CheckedSheet, type ParsedSheet } from '@/server/contacts/contact-sheet';

export { parseSheet, type ParsedSheet } from '@/server/contacts/contact-sheet';

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Column for each template variable (and the phone), matched by name: `first_name` ↔ "First Name". */
export function autoMap(columns: string[], variables: string[]): { phone: string; variables: Record<string, string> } {
  const phone = phoneColumn(columns);
  const variables_ = Object.fromEntries(variables.map((v) => [v, columns.find((c) => normalise(c) === normalise(v)) ?? '']));
  return { phone, variables: variables_ };
}

/** Why a row was left out; the page words it in the reader's language (`campaigns.sheet`). */
export type InvalidReason =
  { kind: 'notPhone'; value: string } | { kind: 'emptyColumn'; column: string; variable: string } | { kind: 'noColumn'; variable: string };

type Recipient = { to: string; parameters: Record<string, string> };
export type CheckedRecipients = CheckedSheet<Recipient, InvalidReason>;

/** Validates every row before anything is saved: number in international format, every variable filled, duplicates once. */
export function checkRecipients(sheet: ParsedSheet, mapping: { phone: string; variables: Record<string, string> }): CheckedRecipients {
  return checkSheet<Recipient, InvalidReason>(sheet, mapping.phone, (row, to) => {
    const parameters: Record<string, string> = {};
    for (const [variable, column] of Object.entries(mapping.variables)) {
      const value = column ? (row[column] ?? '').trim() : '';
      if (!value) return { problem: column ? { kind: 'emptyColumn', column, variable } : { kind: 'noColumn', variable } };
      parameters[variable] = value;
    }
    return { ok: { to, parameters } };
  });
}
