'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Alert, Button, inputClass } from '@/app/(dashboard)/_components/kit';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { PresentedCampaign } from '@/server/campaigns/present-campaign';
import { toDateTimeLocal, useCampaignFormat } from './format';
import { emptyFixed, toSources, VariablesFieldset, type SourceChoices } from './variable-source-picker';

/** Edits a draft in place: name, template (its variables kept, or from a fixed value or contact field), send mode and intended start time. */
export function EditDraftForm({ campaign, onDone }: { campaign: PresentedCampaign; onDone: () => void }) {
  const t = useTranslations('campaigns.edit');
  const tBuilder = useTranslations('campaigns.builder');
  const tCommon = useTranslations('common');
  const errorText = useErrorText();
  const { timeZone } = useCampaignFormat();
  const trpc = useTRPC();
  const data = useQuery(trpc.campaigns.builderData.queryOptions());
  const [name, setName] = useState(campaign.name);
  const [templateId, setTemplateId] = useState(campaign.template_id);
  const [sendMode, setSendMode] = useState(campaign.send_mode);
  const storedWhen = campaign.scheduled_at ? toDateTimeLocal(campaign.scheduled_at) : '';
  const [when, setWhen] = useState(storedWhen);
  const [choices, setChoices] = useState<SourceChoices>({});
  const variables = data.data?.templates.find((tpl) => tpl.id === templateId)?.variables ?? [];
  const unfilled = emptyFixed(choices);
  const save = useMutation(trpc.campaigns.editDraft.mutationOptions({ onSuccess: onDone }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The time is sent only when changed, so a draft whose intended time has passed can still be renamed.
    const scheduledAt = when === storedWhen ? undefined : when ? new Date(when).toISOString() : null;
    // Only the variables of the chosen template: a choice made for another one is dropped.
    const sources = toSources(Object.fromEntries(Object.entries(choices).filter(([v]) => variables.includes(v))));
    save.mutate({ id: campaign.id, name, templateId, sendMode, scheduledAt, sources });
  };

  return (
    <form aria-label={t('title')} onSubmit={submit} className="mt-4 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <label className="block text-sm font-medium">
        {tBuilder('name')}
        <input required className={inputClass} dir="auto" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="block text-sm font-medium">
        {tBuilder('template')}
        <select className={inputClass} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
          {!data.data?.templates.some((tpl) => tpl.id === templateId) && <option value={templateId}>{campaign.template_name}</option>}
          {data.data?.templates.map((tpl) => (
            <option key={tpl.id} value={tpl.id}>
              {tpl.name} ({tpl.language}) · {data.data.accounts.find((a) => a.id === tpl.accountId)?.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t('sendMode')}
        <select className={inputClass} value={sendMode} onChange={(e) => setSendMode(e.target.value as typeof sendMode)}>
          <option value="spread">{tBuilder('modeSpread')}</option>
          <option value="today_only">{tBuilder('modeToday')}</option>
        </select>
      </label>
      <label className="block text-sm font-medium">
        {tBuilder('startAt', { zone: timeZone })}
        <input type="datetime-local" className={inputClass} value={when} onChange={(e) => setWhen(e.target.value)} />
      </label>
      <VariablesFieldset
        legend={t('variables')}
        className="sm:col-span-2 sm:grid-cols-3"
        variables={variables}
        choices={choices}
        onChange={setChoices}
        selectClass={inputClass}
      />
      {save.isError && <Alert className="text-sm sm:col-span-2">{errorText(save.error)}</Alert>}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button onClick={onDone}>{tCommon('cancel')}</Button>
        <Button variant="primary" type="submit" disabled={save.isPending || unfilled.some((v) => variables.includes(v))}>
          {save.isPending ? tCommon('working') : t('save')}
        </Button>
      </div>
    </form>
  );
}
