import { contactTags } from './contact-fields';
import { checkSheet, phoneColumn, type CheckedSheet, type ParsedSheet } from './contact-sheet';
import type { ContactImportRow } from './import-contacts';

/** Which column holds each field of a contacts import ('' for none: the contacts keep theirs). */
export interface ContactColumns {
  phone: string;
  name: string;
  tags: string;
}

/** Why a row cannot be imported besides its number (`notPhone`, worded as the campaign builder does). */
export type ContactRowProblem = { kind: 'badTags'; value: string } | { kind: 'longName' };

export type CheckedContactRows = CheckedSheet<ContactImportRow, ContactRowProblem>;

/** The columns matched by name: a phone-like one, then "name" and "tags" when present. */
export function mapContactColumns(columns: string[]): ContactColumns {
  return {
    phone: phoneColumn(columns),
    name: columns.find((c) => /name/i.test(c)) ?? '',
    tags: columns.find((c) => /tag|label/i.test(c)) ?? '',
  };
}

/** A tags cell: tags separated by semicolons (commas separate the CSV's columns). */
export const splitTags = (cell: string) =>
  cell
    .split(';')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * Checks every row before anything is saved, with the rules the server applies again: the
 * number as a campaign recipient's, tags and name as the contact's fields. A number twice in
 * the sheet is imported once.
 */
export function checkContactRows(sheet: ParsedSheet, columns: ContactColumns): CheckedContactRows {
  return checkSheet<ContactImportRow, ContactRowProblem>(sheet, columns.phone, (row, phone) => {
    const name = columns.name ? (row[columns.name] ?? '').trim() : '';
    if (name.length > 200) return { problem: { kind: 'longName' } };
    const cell = columns.tags ? (row[columns.tags] ?? '').trim() : '';
    const tags = contactTags.safeParse(splitTags(cell));
    if (!tags.success) return { problem: { kind: 'badTags', value: cell } };
    return { ok: { phone, ...(name ? { name } : {}), ...(tags.data.length ? { tags: tags.data } : {}) } };
  });
}
