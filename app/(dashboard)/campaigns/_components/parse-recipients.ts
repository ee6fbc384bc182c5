import { internationalNumber, phoneColumn, sheetLine, type ParsedSheet } from '@/server/contacts/contact-sheet';

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

export interface CheckedRecipients {
  valid: Array<{ to: string; parameters: Record<string, string> }>;
  invalid: Array<{ line: number; reason: InvalidReason }>;
  duplicates: number;
}

/** Validates every row before anything is saved: number in international format, every variable filled, duplicates once. */
export function checkRecipients(sheet: ParsedSheet, mapping: { phone: string; variables: Record<string, string> }): CheckedRecipients {
  const seen = new Set<string>();
  const result: CheckedRecipients = { valid: [], invalid: [], duplicates: 0 };
  sheet.rows.forEach((row, index) => {
    const line = sheetLine(sheet, index);
    const raw = (row[mapping.phone] ?? '').trim();
    const phone = internationalNumber(raw);
    if (!phone) return result.invalid.push({ line, reason: { kind: 'notPhone', value: raw } });
    const parameters: Record<string, string> = {};
    for (const [variable, column] of Object.entries(mapping.variables)) {
      const value = column ? (row[column] ?? '').trim() : '';
      if (!value)
        return result.invalid.push({ line, reason: column ? { kind: 'emptyColumn', column, variable } : { kind: 'noColumn', variable } });
      parameters[variable] = value;
    }
    if (seen.has(phone)) return (result.duplicates += 1);
    seen.add(phone);
    result.valid.push({ to: phone, parameters });
  });
  return result;
}
