'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useTRPCClient } from '@/app/_trpc/trpc';
import { usesContactFields, type VariableSources } from '@/server/campaigns/variable-sources';
import type { NotPhone } from '@/server/contacts/contact-sheet';
import { SheetCheck, SheetInput } from '../../_components/sheet-input';
import { autoMap, checkRecipients, parseSheet, withContactCheck, type CheckedRecipients, type InvalidReason } from './parse-recipients';
import { toSources, VariableSourcePicker } from './variable-source-picker';
import { Alert } from '@/app/(dashboard)/_components/kit';

/** A template variable as its text shows it: `{{1}}`. */
const variableText = (variable: string) => `{{${variable}}}`;

function useReasonText() {
  const t = useTranslations('campaigns.sheet');
  const tSources = useTranslations('campaigns.sources');
  return (reason: Exclude<InvalidReason, NotPhone>) => {
    switch (reason.kind) {
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
  const checking = needsContacts && contactCheck.isPending;
  useEffect(() => onChange({ checked, sources, checking }), [checked, sources, checking, onChange]);
  const load = (next: string) => {
    setText(next);
    setMapping(autoMap(parseSheet(next).columns, variables, mapping.variables));
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
      {sheet.rows.length > 0 &&
        (checking ? (
          <p className="text-sm" role="status">
            {t('checkingContacts')}
          </p>
        ) : (
          <SheetCheck checked={checked} problemText={reasonText} note={t('invalidNote')} testId="recipient-check">
            {contactCheck.isError && <Alert>{t('contactCheckFailed')}</Alert>}
          </SheetCheck>
        ))}
    </div>
  );
}
