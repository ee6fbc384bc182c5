import { parsePhoneNumberFromString } from 'libphonenumber-js';
import Papa from 'papaparse';

export interface ParsedSheet {
  columns: string[];
  rows: Array<Record<string, string>>;
}

/** A CSV with a header row, or pasted numbers (one per line) as a single `phone` column. */
export function parseSheet(text: string): ParsedSheet {
  const trimmed = text.trim();
  if (!trimmed) return { columns: [], rows: [] };
  const firstLine = trimmed.split(/\r?\n/, 1)[0] ?? '';
  if (!/[,;\t]/.test(firstLine) && /^[+\d\s().-]+$/.test(firstLine)) {
    return {
      columns: ['phone'],
      rows: trimmed
        .split(/\r?\n/)
        .map((line) => ({ phone: line.trim() }))
        .filter((row) => row.phone),
    };
  }
  const parsed = Papa.parse<Record<string, string>>(trimmed, { header: true, skipEmptyLines: true, transformHeader: (h) => h.trim() });
  return { columns: parsed.meta.fields ?? [], rows: parsed.data };
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Column for each template variable (and the phone), matched by name: `first_name` ↔ "First Name". */
export function autoMap(columns: string[], variables: string[]): { phone: string; variables: Record<string, string> } {
  const phone = columns.find((c) => /phone|number|mobile|msisdn|^to$/i.test(c)) ?? columns[0] ?? '';
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
    const line = index + 2 - (sheet.columns.length === 1 && sheet.columns[0] === 'phone' ? 1 : 0);
    const raw = (row[mapping.phone] ?? '').trim();
    const phone = parsePhoneNumberFromString(raw);
    if (!raw.startsWith('+') || !phone?.isPossible()) return result.invalid.push({ line, reason: { kind: 'notPhone', value: raw } });
    const parameters: Record<string, string> = {};
    for (const [variable, column] of Object.entries(mapping.variables)) {
      const value = column ? (row[column] ?? '').trim() : '';
      if (!value)
        return result.invalid.push({ line, reason: column ? { kind: 'emptyColumn', column, variable } : { kind: 'noColumn', variable } });
      parameters[variable] = value;
    }
    if (seen.has(phone.number)) return (result.duplicates += 1);
    seen.add(phone.number);
    result.valid.push({ to: phone.number, parameters });
  });
  return result;
}
