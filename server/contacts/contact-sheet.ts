import { parsePhoneNumberFromString } from 'libphonenumber-js';
import Papa from 'papaparse';

/**
 * What the campaign builder's recipients step and the contacts import share: reading a sheet
 * and checking its phone numbers, in the browser before anything is saved and on the server
 * again (`normalizePhoneNumber`), so both refuse the same rows. Pure: no server imports.
 */

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

/** The line of the file a row came from (1-based, counting the header row when there is one). */
const sheetLine = (sheet: ParsedSheet, index: number) => index + 2 - (sheet.columns.length === 1 && sheet.columns[0] === 'phone' ? 1 : 0);

/** The column that holds the phone numbers, by its name: phone, number, mobile, msisdn or to. */
export const phoneColumn = (columns: string[]) => columns.find((c) => /phone|number|mobile|msisdn|^to$/i.test(c)) ?? columns[0] ?? '';

/**
 * A phone number in international format (`+` and country code, any spacing or punctuation)
 * as E.164, or null. "Possible" (right length for the country) rather than "valid" (an
 * assigned range): the platform's test numbers, such as +1 555 …, are unassigned.
 */
export function internationalNumber(input: string): string | null {
  const text = input.trim();
  const parsed = parsePhoneNumberFromString(text, { extract: false });
  if (!text.startsWith('+') || !parsed || parsed.ext || !parsed.isPossible()) return null;
  return parsed.number;
}

/** The problem every sheet check shares: the row's number is not in international format. */
export type NotPhone = { kind: 'notPhone'; value: string };

export interface CheckedSheet<Valid, Problem> {
  valid: Valid[];
  invalid: Array<{ line: number; reason: NotPhone | Problem }>;
  duplicates: number;
}

/**
 * Checks every row of a sheet before anything is saved: the number in `phoneColumn` first
 * (`notPhone`), then the rest of the row with `check` (the campaign's variables, the contact's
 * fields). A number already seen on an earlier good row counts as a duplicate, once.
 */
export function checkSheet<Valid, Problem>(
  sheet: ParsedSheet,
  phoneColumn: string,
  check: (row: Record<string, string>, phone: string) => { ok: Valid } | { problem: Problem },
): CheckedSheet<Valid, Problem> {
  const seen = new Set<string>();
  const result: CheckedSheet<Valid, Problem> = { valid: [], invalid: [], duplicates: 0 };
  sheet.rows.forEach((row, index) => {
    const line = sheetLine(sheet, index);
    const raw = (row[phoneColumn] ?? '').trim();
    const phone = internationalNumber(raw);
    if (!phone) return result.invalid.push({ line, reason: { kind: 'notPhone', value: raw } });
    const checked = check(row, phone);
    if ('problem' in checked) return result.invalid.push({ line, reason: checked.problem });
    if (seen.has(phone)) return (result.duplicates += 1);
    seen.add(phone);
    result.valid.push(checked.ok);
  });
  return result;
}
