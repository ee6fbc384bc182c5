'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { autoMap, checkRecipients, parseSheet, type CheckedRecipients, type InvalidReason } from './parse-recipients';

/** Upload or paste recipients, map columns to the template's variables, and see every problem before saving. */
/** A template variable as its text shows it: `{{1}}`. */
const variableText = (variable: string) => `{{${variable}}}`;

function useReasonText() {
  const t = useTranslations('campaigns.sheet');
  return (reason: InvalidReason) =>
    reason.kind === 'notPhone'
      ? t('notPhone', { value: reason.value || t('empty') })
      : reason.kind === 'emptyColumn'
        ? t('emptyColumn', { column: reason.column, variable: variableText(reason.variable) })
        : t('noColumn', { variable: variableText(reason.variable) });
}

export function RecipientsStep({ variables, onChange }: { variables: string[]; onChange: (checked: CheckedRecipients) => void }) {
  const t = useTranslations('campaigns.sheet');
  const tCommon = useTranslations('common');
  const reasonText = useReasonText();
  const [text, setText] = useState('');
  const sheet = useMemo(() => parseSheet(text), [text]);
  const [mapping, setMapping] = useState(() => autoMap([], variables));
  const checked = useMemo(() => checkRecipients(sheet, mapping), [sheet, mapping]);
  const load = (next: string) => {
    setText(next);
    const parsed = parseSheet(next);
    const mapped = autoMap(parsed.columns, variables);
    setMapping(mapped);
    onChange(checkRecipients(parsed, mapped));
  };
  const remap = (next: typeof mapping) => {
    setMapping(next);
    onChange(checkRecipients(sheet, next));
  };
  const select = 'mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm';

  return (
    <div className="space-y-4">
      <label className="block text-sm font-medium text-slate-800">
        {t('upload')}
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block text-sm"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) load(await file.text());
          }}
        />
      </label>
      <label className="block text-sm font-medium text-slate-800">
        {t('paste')}
        <textarea
          aria-label={t('pasteLabel')}
          dir="ltr"
          rows={5}
          value={text}
          onChange={(e) => load(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
        />
      </label>
      {sheet.columns.length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('columns')}</legend>
          <label className="text-sm">
            {t('phone')}
            <select
              aria-label={t('phoneColumn')}
              className={select}
              value={mapping.phone}
              onChange={(e) => remap({ ...mapping, phone: e.target.value })}
            >
              {sheet.columns.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          {variables.map((v) => (
            <label key={v} className="text-sm">
              <bdi dir="ltr">{`{{${v}}}`}</bdi>
              <select
                aria-label={t('columnFor', { variable: v })}
                className={select}
                value={mapping.variables[v] ?? ''}
                onChange={(e) => remap({ ...mapping, variables: { ...mapping.variables, [v]: e.target.value } })}
              >
                <option value="">{tCommon('choose')}</option>
                {sheet.columns.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      {sheet.rows.length > 0 && (
        <div className="text-sm" data-testid="recipient-check">
          <p>
            {t.rich('summary', {
              valid: checked.valid.length,
              invalid: checked.invalid.length,
              duplicates: checked.duplicates,
              b: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          {checked.invalid.length > 0 && (
            <ul role="list" aria-label={t('invalidRows')} className="mt-2 max-h-40 list-disc overflow-auto ps-5 text-red-700">
              {checked.invalid.slice(0, 50).map((row) => (
                <li key={row.line}>{t('row', { line: row.line, reason: reasonText(row.reason) })}</li>
              ))}
            </ul>
          )}
          {checked.invalid.length > 0 && <p className="mt-1 text-slate-600">{t('invalidNote')}</p>}
        </div>
      )}
    </div>
  );
}
