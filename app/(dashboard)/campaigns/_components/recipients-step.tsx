'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { NotPhone } from '@/server/contacts/contact-sheet';
import { SheetCheck, SheetInput } from '../../_components/sheet-input';
import { autoMap, checkRecipients, parseSheet, type CheckedRecipients, type InvalidReason } from './parse-recipients';

/** Upload or paste recipients, map columns to the template's variables, and see every problem before saving. */
/** A template variable as its text shows it: `{{1}}`. */
const variableText = (variable: string) => `{{${variable}}}`;

function useReasonText() {
  const t = useTranslations('campaigns.sheet');
  return (reason: Exclude<InvalidReason, NotPhone>) =>
    reason.kind === 'emptyColumn'
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
      <SheetInput text={text} pasteLabel={t('pasteLabel')} onText={load} />
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
      {sheet.rows.length > 0 && <SheetCheck checked={checked} problemText={reasonText} note={t('invalidNote')} testId="recipient-check" />}
    </div>
  );
}
