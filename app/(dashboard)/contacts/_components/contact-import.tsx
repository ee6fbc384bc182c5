'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { checkContactRows, mapContactColumns, type ContactColumns, type ContactRowProblem } from '@/server/contacts/check-contact-rows';
import { CONTACT_IMPORT_MAX_ROWS } from '@/server/contacts/contact-fields';
import { parseSheet } from '@/server/contacts/contact-sheet';
import { SheetCheck, SheetInput } from '../../_components/sheet-input';
import { Alert, Button, buttonClass } from '@/app/(dashboard)/_components/kit';
import { isolateText } from '@/server/i18n/bidi-text';

/** The words for a row's problem beyond its number (which `SheetCheck` words as the campaign builder does). */
function useProblemText() {
  const t = useTranslations('contacts.importPage.reason');
  return (problem: ContactRowProblem) => (problem.kind === 'badTags' ? t('badTags', { value: problem.value }) : t('longName'));
}

/** Upload or paste a CSV, choose its columns, see every row's problem, then import the good rows in one go. */
export function ContactImport() {
  const t = useTranslations('contacts.importPage');
  const tSheet = useTranslations('campaigns.sheet');
  const problemText = useProblemText();
  const errorText = useErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const sheet = useMemo(() => parseSheet(text), [text]);
  const [columns, setColumns] = useState<ContactColumns>(() => mapContactColumns([]));
  const checked = useMemo(() => checkContactRows(sheet, columns), [sheet, columns]);
  const importRows = useMutation(
    trpc.contacts.import.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() }),
    }),
  );
  const load = (next: string) => {
    setText(next);
    setColumns(mapContactColumns(parseSheet(next).columns));
    importRows.reset();
  };
  const tooMany = sheet.rows.length > CONTACT_IMPORT_MAX_ROWS;
  const select = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
  const columnSelect = (field: keyof ContactColumns, label: string, optional: boolean) => (
    <label className="text-sm">
      {label}
      <select
        aria-label={t(`${field}Column`)}
        className={select}
        value={columns[field]}
        onChange={(e) => {
          setColumns({ ...columns, [field]: e.target.value });
          importRows.reset();
        }}
      >
        {optional && <option value="">{t('none')}</option>}
        {sheet.columns.map((c) => (
          <option key={c} value={c}>
            {isolateText(c)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="mt-6 space-y-5">
      <p className="max-w-3xl text-sm text-slate-700">{t('intro')}</p>
      <SheetInput text={text} pasteLabel={t('pasteLabel')} onText={load} />
      {sheet.columns.length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">{tSheet('columns')}</legend>
          {columnSelect('phone', tSheet('phone'), false)}
          {columnSelect('name', t('name'), true)}
          {columnSelect('tags', t('tags'), true)}
          <p className="text-xs text-slate-600 sm:col-span-3">
            {t.rich('tagsSeparator', {
              example: (chunks) => (
                <bdi dir="ltr" className="font-mono">
                  {chunks}
                </bdi>
              ),
            })}
          </p>
        </fieldset>
      )}
      {sheet.rows.length > 0 && (
        <SheetCheck checked={checked} problemText={problemText} note={t('fixFirst')} testId="contact-check">
          {tooMany && <Alert className="mt-2">{t('tooMany', { max: CONTACT_IMPORT_MAX_ROWS })}</Alert>}
        </SheetCheck>
      )}
      {importRows.isError && <Alert className="text-sm">{errorText(importRows.error)}</Alert>}
      {importRows.isSuccess ? (
        <div role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <p>{t('done', { created: importRows.data.created, updated: importRows.data.updated })}</p>
          <Link href="/contacts" className={`${buttonClass} mt-3`}>
            {t('backToList')}
          </Link>
        </div>
      ) : (
        <Button
          variant="primary"

          disabled={checked.valid.length === 0 || tooMany || importRows.isPending}
          onClick={() => importRows.mutate({ rows: checked.valid })}
        >
          {importRows.isPending ? t('importing') : t('importValid', { count: checked.valid.length })}
        </Button>
      )}
    </div>
  );
}
