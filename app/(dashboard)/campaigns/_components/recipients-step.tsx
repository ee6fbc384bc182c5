'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useTRPCClient } from '@/app/_trpc/trpc';
import { usesContactFields, type VariableSources } from '@/server/campaigns/variable-sources';
import { autoMap, checkRecipients, parseSheet, withContactCheck, type CheckedRecipients, type InvalidReason } from './parse-recipients';
import { toSources, VariableSourcePicker } from './variable-source-picker';

/** A template variable as its text shows it: `{{1}}`. */
const variableText = (variable: string) => `{{${variable}}}`;

function useReasonText() {
  const t = useTranslations('campaigns.sheet');
  const tSources = useTranslations('campaigns.sources');
  return (reason: InvalidReason) => {
    switch (reason.kind) {
      case 'notPhone':
        return t('notPhone', { value: reason.value || t('empty') });
      case 'emptyColumn':
        return t('emptyColumn', { column: reason.column, variable: variableText(reason.variable) });
      case 'noColumn':
        return t('noColumn', { variable: variableText(reason.variable) });
      case 'noValue':
        return t('noValue', { variable: variableText(reason.variable) });
      case 'emptyContactField':
        return t('emptyContactField', { field: tSources(`field.${reason.field}`), variable: variableText(reason.variable) });
    }
  };
}

export interface RecipientsChoice {
  checked: CheckedRecipients;
  /** The fixed and contact-field variables, resolved by the server when the recipients are added. */
  sources: VariableSources;
  /** True while the server checks contact fields: the builder waits before going on. */
  checking: boolean;
}

/** Upload or paste recipients, choose each variable's source, and see every problem (contact fields included) before saving. */
export function RecipientsStep({ variables, onChange }: { variables: string[]; onChange: (choice: RecipientsChoice) => void }) {
  const t = useTranslations('campaigns.sheet');
  const reasonText = useReasonText();
  const client = useTRPCClient();
  const [text, setText] = useState('');
  const sheet = useMemo(() => parseSheet(text), [text]);
  const [mapping, setMapping] = useState(() => autoMap([], variables));
  const local = useMemo(() => checkRecipients(sheet, mapping, variables), [sheet, mapping, variables]);
  const sources = useMemo(() => toSources(mapping.variables), [mapping]);
  const phoneNumbers = useMemo(() => local.valid.map((r) => r.to), [local]);
  const needsContacts = usesContactFields(sources) && phoneNumbers.length > 0;
  // Contact fields live on the server: it says which rows would be refused, before anything is saved.
  const contactCheck = useQuery({
    queryKey: ['campaigns.checkSources', phoneNumbers, sources],
    queryFn: () => client.campaigns.checkSources.mutate({ phoneNumbers, sources }),
    enabled: needsContacts,
  });
  const checked = useMemo(
    () => withContactCheck(local, needsContacts ? (contactCheck.data?.missing ?? []) : []),
    [local, needsContacts, contactCheck.data],
  );
  const checking = needsContacts && !contactCheck.data;
  useEffect(() => onChange({ checked, sources, checking }), [checked, sources, checking, onChange]);
  const load = (next: string) => {
    setText(next);
    setMapping(autoMap(parseSheet(next).columns, variables, mapping.variables));
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
              onChange={(e) => setMapping({ ...mapping, phone: e.target.value })}
            >
              {sheet.columns.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <VariableSourcePicker
            variables={variables}
            choices={mapping.variables}
            onChange={(next) => setMapping({ ...mapping, variables: next })}
            columns={sheet.columns}
            selectClass={select}
          />
        </fieldset>
      )}
      {sheet.rows.length > 0 && (
        <div className="text-sm" data-testid="recipient-check" aria-busy={checking}>
          <p>
            {checking
              ? t('checkingContacts')
              : t.rich('summary', {
                  valid: checked.valid.length,
                  invalid: checked.invalid.length,
                  duplicates: checked.duplicates,
                  b: (chunks) => <strong>{chunks}</strong>,
                })}
          </p>
          {contactCheck.isError && (
            <p role="alert" className="text-red-700">
              {t('contactCheckFailed')}
            </p>
          )}
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
