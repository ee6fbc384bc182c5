import { parsePhoneNumberFromString } from 'libphonenumber-js';
import Papa from 'papaparse';
import type { CampaignContactField } from '@/server/campaigns/variable-sources';
import type { SourceChoices } from './variable-source-picker';

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

export interface SheetMapping {
  phone: string;
  /** Each variable's source: a column, a fixed value or a contact field (absent: not chosen yet). */
  variables: SourceChoices;
}

/**
 * Column for each template variable (and the phone), matched by name: `first_name` ↔ "First Name".
 * A variable already given a fixed value or a contact field keeps it.
 */
export function autoMap(columns: string[], variables: string[], previous?: SourceChoices): SheetMapping {
  const phone = columns.find((c) => /phone|number|mobile|msisdn|^to$/i.test(c)) ?? columns[0] ?? '';
  const choices: SourceChoices = {};
  for (const v of variables) {
    const kept = previous?.[v];
    const column = columns.find((c) => normalise(c) === normalise(v));
    if (kept && kept.kind !== 'column') choices[v] = kept;
    else if (column) choices[v] = { kind: 'column', column };
  }
  return { phone, variables: choices };
}

/** Why a row was left out; the page words it in the reader's language (`campaigns.sheet`). */
export type InvalidReason =
  | { kind: 'notPhone'; value: string }
  | { kind: 'emptyColumn'; column: string; variable: string }
  | { kind: 'noColumn'; variable: string }
  | { kind: 'noValue'; variable: string }
  | { kind: 'emptyContactField'; field: CampaignContactField; variable: string };

export interface CheckedRecipients {
  /** Row parameters hold the column-sourced variables; fixed and contact-field ones are filled by the server. */
  valid: Array<{ line: number; to: string; parameters: Record<string, string> }>;
  invalid: Array<{ line: number; reason: InvalidReason }>;
  duplicates: number;
}

/**
 * Validates every row before anything is saved: number in international format, every variable
 * filled, duplicates once. Contact fields are checked by the server (`withContactCheck`).
 */
export function checkRecipients(sheet: ParsedSheet, mapping: SheetMapping, variables: string[]): CheckedRecipients {
  const seen = new Set<string>();
  const result: CheckedRecipients = { valid: [], invalid: [], duplicates: 0 };
  sheet.rows.forEach((row, index) => {
    const line = index + 2 - (sheet.columns.length === 1 && sheet.columns[0] === 'phone' ? 1 : 0);
    const raw = (row[mapping.phone] ?? '').trim();
    const phone = parsePhoneNumberFromString(raw);
    if (!raw.startsWith('+') || !phone?.isPossible()) return result.invalid.push({ line, reason: { kind: 'notPhone', value: raw } });
    const parameters: Record<string, string> = {};
    for (const variable of variables) {
      const choice = mapping.variables[variable];
      if (!choice) return result.invalid.push({ line, reason: { kind: 'noColumn', variable } });
      if (choice.kind === 'fixed' && !choice.value.trim()) return result.invalid.push({ line, reason: { kind: 'noValue', variable } });
      if (choice.kind !== 'column') continue;
      const value = (row[choice.column] ?? '').trim();
      if (!value) return result.invalid.push({ line, reason: { kind: 'emptyColumn', column: choice.column, variable } });
      parameters[variable] = value;
    }
    if (seen.has(phone.number)) return (result.duplicates += 1);
    seen.add(phone.number);
    result.valid.push({ line, to: phone.number, parameters });
  });
  return result;
}

/** Moves the rows whose contact field the server found empty (by index among the valid ones) to the invalid ones. */
export function withContactCheck(
  checked: CheckedRecipients,
  missing: Array<{ index: number; variable: string; field: CampaignContactField }>,
): CheckedRecipients {
  if (missing.length === 0) return checked;
  const byIndex = new Map(missing.map((m) => [m.index, m]));
  const moved = checked.valid.flatMap((row, index) => {
    const m = byIndex.get(index);
    return m ? [{ line: row.line, reason: { kind: 'emptyContactField' as const, field: m.field, variable: m.variable } }] : [];
  });
  return {
    valid: checked.valid.filter((_, index) => !byIndex.has(index)),
    invalid: [...checked.invalid, ...moved].sort((a, b) => a.line - b.line),
    duplicates: checked.duplicates,
  };
}
