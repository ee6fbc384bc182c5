'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { CheckedSheet, NotPhone } from '@/server/contacts/contact-sheet';

/** A CSV uploaded as a file or pasted as text (the campaign builder's recipients, the contacts import). */
export function SheetInput({ text, pasteLabel, onText }: { text: string; pasteLabel: string; onText: (text: string) => void }) {
  const t = useTranslations('campaigns.sheet');
  return (
    <>
      <label className="block text-sm font-medium text-slate-800">
        {t('upload')}
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block max-w-full text-sm"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) onText(await file.text());
          }}
        />
      </label>
      <label className="block text-sm font-medium text-slate-800">
        {t('paste')}
        <textarea
          aria-label={pasteLabel}
          dir="ltr"
          rows={5}
          value={text}
          onChange={(e) => onText(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
        />
      </label>
    </>
  );
}

/**
 * What the check of a sheet found, before anything is saved: how many rows are ready, have a
 * problem or repeat a number, and each problem row (the first 50) with its line. A bad number
 * is worded here; the caller words its own problems.
 */
export function SheetCheck<Problem extends { kind: string }>({
  checked,
  problemText,
  note,
  testId,
  children,
}: {
  checked: CheckedSheet<unknown, Problem>;
  problemText: (problem: Exclude<Problem, NotPhone>) => string;
  note: string;
  testId: string;
  children?: ReactNode;
}) {
  const t = useTranslations('campaigns.sheet');
  const reasonText = (reason: NotPhone | Problem) =>
    reason.kind === 'notPhone'
      ? t('notPhone', { value: (reason as NotPhone).value || t('empty') })
      : problemText(reason as Exclude<Problem, NotPhone>);
  return (
    <div className="text-sm" data-testid={testId}>
      <p>
        {t.rich('summary', {
          valid: checked.valid.length,
          invalid: checked.invalid.length,
          duplicates: checked.duplicates,
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      {checked.invalid.length > 0 && (
        <>
          <ul role="list" aria-label={t('invalidRows')} className="mt-2 max-h-40 list-disc overflow-auto ps-5 wrap-anywhere text-red-700">
            {checked.invalid.slice(0, 50).map((row) => (
              <li key={row.line}>{t('row', { line: row.line, reason: reasonText(row.reason) })}</li>
            ))}
          </ul>
          <p className="mt-1 text-slate-600">{note}</p>
        </>
      )}
      {children}
    </div>
  );
}
