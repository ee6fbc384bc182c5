import type { CampaignContactField } from '@/server/campaigns/variable-sources';
import { checkSheet, phoneColumn, type CheckedSheet, type ParsedSheet } from '@/server/contacts/contact-sheet';
import type { SourceChoices } from './variable-source-picker';

export { parseSheet, type ParsedSheet } from '@/server/contacts/contact-sheet';

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
  const choices: SourceChoices = {};
  for (const v of variables) {
    const kept = previous?.[v];
    const column = columns.find((c) => normalise(c) === normalise(v));
    if (kept && kept.kind !== 'column') choices[v] = kept;
    else if (column) choices[v] = { kind: 'column', column };
  }
  return { phone: phoneColumn(columns), variables: choices };
}

/** Why a row was left out; the page words it in the reader's language (`campaigns.sheet`). */
export type InvalidReason =
  | { kind: 'notPhone'; value: string }
  | { kind: 'emptyColumn'; column: string; variable: string }
  | { kind: 'noColumn'; variable: string }
  | { kind: 'noValue'; variable: string }
  | { kind: 'emptyContactField'; field: CampaignContactField; variable: string };

/** Row parameters hold the column-sourced variables; fixed and contact-field ones are filled by the server. */
type Recipient = { line: number; to: string; parameters: Record<string, string> };
export type CheckedRecipients = CheckedSheet<Recipient, InvalidReason>;

/**
 * Validates every row before anything is saved: number in international format, every variable
 * filled, duplicates once. Contact fields are checked by the server (`withContactCheck`).
 */
export function checkRecipients(sheet: ParsedSheet, mapping: SheetMapping, variables: string[]): CheckedRecipients {
  return checkSheet<Recipient, InvalidReason>(sheet, mapping.phone, (row, to, line) => {
    const parameters: Record<string, string> = {};
    for (const variable of variables) {
      const choice = mapping.variables[variable];
      if (!choice) return { problem: { kind: 'noColumn', variable } };
      if (choice.kind === 'fixed' && !choice.value.trim()) return { problem: { kind: 'noValue', variable } };
      if (choice.kind !== 'column') continue;
      const value = (row[choice.column] ?? '').trim();
      if (!value) return { problem: { kind: 'emptyColumn', column: choice.column, variable } };
      parameters[variable] = value;
    }
    return { ok: { line, to, parameters } };
  });
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
