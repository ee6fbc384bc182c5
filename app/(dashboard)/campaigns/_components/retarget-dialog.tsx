'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, inputClass } from '@/app/(dashboard)/_components/kit';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { PresentedCampaign } from '@/server/campaigns/present-campaign';
import { retargetAudiences, type RetargetAudience } from '@/server/campaigns/retarget-audiences';
import { emptyFixed, toSources, VariablesFieldset, type SourceChoices } from './variable-source-picker';

/**
 * From a completed campaign: who to reach again (did not read, or did not tap or reply), with
 * which template and variables; creates a draft and opens it.
 */
export function RetargetDialog({ campaign, onClose }: { campaign: PresentedCampaign; onClose: () => void }) {
  const t = useTranslations('campaigns.retarget');
  const tCommon = useTranslations('common');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const titleId = useId();
  const builder = useQuery(trpc.campaigns.builderData.queryOptions());
  const counts = useQuery(trpc.campaigns.retargetAudiences.queryOptions({ id: campaign.id }));
  const [audience, setAudience] = useState<RetargetAudience>('not_read');
  const [name, setName] = useState(t('defaultName', { name: campaign.name }));
  const [templateId, setTemplateId] = useState('');
  const [choices, setChoices] = useState<SourceChoices>({});
  const variables = builder.data?.templates.find((tpl) => tpl.id === templateId)?.variables ?? [];
  const retarget = useMutation(
    trpc.campaigns.retarget.mutationOptions({
      onSuccess: async (draft) => {
        await queryClient.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
        router.push(`/campaigns/${draft.id}`);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sources = toSources(Object.fromEntries(Object.entries(choices).filter(([v]) => variables.includes(v))));
    retarget.mutate({ id: campaign.id, audience, templateId, name, sources });
  };
  const ready =
    !!templateId && name.trim() !== '' && !emptyFixed(choices).some((v) => variables.includes(v)) && (counts.data?.[audience] ?? 0) > 0;

  return (
    <Dialog onClose={onClose} shape="wide" labelledBy={titleId}>
      <form onSubmit={submit} className="space-y-4">
        <h2 id={titleId} className="text-lg font-semibold wrap-anywhere text-slate-900">
          {t('title')}
        </h2>
        <p className="text-sm text-slate-600">{t('intro')}</p>
        <fieldset className="space-y-2 text-sm">
          <legend className="mb-1 font-medium">{t('audience')}</legend>
          {retargetAudiences.map((a) => (
            <label key={a} className="flex gap-2">
              <input type="radio" name="audience" checked={audience === a} onChange={() => setAudience(a)} />
              <span>{t(`audiences.${a}`, { count: counts.data?.[a] ?? 0, known: String(counts.isSuccess) })}</span>
            </label>
          ))}
        </fieldset>
        <label className="block text-sm font-medium">
          {t('name')}
          <input required className={inputClass} dir="auto" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="block text-sm font-medium">
          {t('template')}
          <select className={inputClass} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
            <option value="">{tCommon('choose')}</option>
            {builder.data?.templates.map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name} ({tpl.language}) · {builder.data.accounts.find((acc) => acc.id === tpl.accountId)?.name}
              </option>
            ))}
          </select>
        </label>
        <VariablesFieldset
          legend={t('variables')}
          className="sm:grid-cols-2"
          variables={variables}
          choices={choices}
          onChange={setChoices}
          selectClass={inputClass}
        />
        {retarget.isError && <Alert className="text-sm wrap-anywhere">{errorText(retarget.error)}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onClose}>{tCommon('cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!ready || retarget.isPending}>
            {retarget.isPending ? tCommon('working') : t('create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
