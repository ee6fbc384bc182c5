'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '@/app/_trpc/trpc';
import { useCampaignFormat } from './format';
import { RecipientsStep, type RecipientsChoice } from './recipients-step';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

const steps = ['template', 'recipients', 'sending', 'review'] as const;

/** The campaign builder: template, recipients, send mode and time, review, then create + add + start. */
export function CampaignBuilder() {
  const errorText = useErrorText();
  const t = useTranslations('campaigns.builder');
  const tCommon = useTranslations('common');
  const tCampaigns = useTranslations('campaigns');
  const { timeZone: zone, dateTime } = useCampaignFormat();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const data = useQuery(trpc.campaigns.builderData.queryOptions());
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [recipients, setRecipients] = useState<RecipientsChoice>({
    checked: { valid: [], invalid: [], duplicates: 0 },
    sources: {},
    checking: false,
  });
  const { checked, sources } = recipients;
  const [sendMode, setSendMode] = useState<'spread' | 'today_only'>('spread');
  const [when, setWhen] = useState('');
  const template = data.data?.templates.find((tpl) => tpl.id === templateId);
  const account = data.data?.accounts.find((a) => a.id === template?.accountId);
  // Counted on the server by the dispatcher's own rule (open 24-hour windows cost nothing).
  const phoneNumbers = checked.valid.map((r) => r.to);
  const estimate = useQuery({
    queryKey: ['campaigns.limitEstimate', templateId, phoneNumbers],
    queryFn: () => client.campaigns.limitEstimate.mutate({ templateId, phoneNumbers }),
    enabled: step === 2 && !!template && phoneNumbers.length > 0,
  });

  const launch = useMutation({
    mutationFn: async () => {
      const campaign = await client.campaigns.create.mutate({ name, templateId });
      for (let i = 0; i < checked.valid.length; i += 1000) {
        const batch = checked.valid.slice(i, i + 1000).map(({ to, parameters }) => ({ to, parameters }));
        await client.campaigns.addRecipients.mutate({ id: campaign.id, recipients: batch, sources });
      }
      await client.campaigns.start.mutate({ id: campaign.id, sendMode, scheduledAt: when ? new Date(when).toISOString() : undefined });
      return campaign.id;
    },
    onSuccess: (id) => router.push(`/campaigns/${id}`),
  });

  if (data.isPending) return <p className="text-sm text-slate-500">{tCommon('loading')}</p>;
  if (data.isError) return <Alert className="text-sm">{t('loadFailed')}</Alert>;
  const allowance = account?.remainingToday ?? null;
  const canNext = [name.trim() !== '' && !!template, checked.valid.length > 0 && !recipients.checking, true, true][step];
  const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs">
      <ol className="mb-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {steps.map((s, i) => (
          <li key={s} aria-current={i === step ? 'step' : undefined} className={i === step ? 'font-semibold text-brand-600' : 'text-slate-500'}>
            {t('step', { n: i + 1, name: t(`steps.${s}`) })}
          </li>
        ))}
      </ol>
      {step === 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-4">
            <label className="block text-sm font-medium">
              {t('name')}
              <input className={field} dir="auto" value={name} onChange={(e) => setName(e.target.value)} />
            </label>
            <label className="block text-sm font-medium">
              {t('templateApproved')}
              <select aria-label={t('template')} className={field} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
                <option value="">{tCommon('choose')}</option>
                {data.data.templates.map((tpl) => (
                  <option key={tpl.id} value={tpl.id}>
                    {tpl.name} ({tpl.language}) · {data.data.accounts.find((a) => a.id === tpl.accountId)?.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {template && (
            <figure aria-label={t('preview')} className="rounded-lg bg-[#e5ddd5] p-4">
              <div className="max-w-xs rounded-lg rounded-ss-none bg-white p-3 text-sm whitespace-pre-wrap shadow">
                <p dir="auto">{template.text}</p>
              </div>
              <figcaption className="mt-2 text-xs text-slate-600">
                {t('previewCaption', {
                  category: template.category.toLowerCase(),
                  account: account?.name ?? '',
                  variables: template.variables.map((v) => `{{${v}}}`).join(', ') || t('noVariables'),
                })}
              </figcaption>
            </figure>
          )}
        </div>
      )}
      {step === 1 && template && <RecipientsStep variables={template.variables} onChange={setRecipients} />}
      {step === 2 && (
        <div className="space-y-4 text-sm">
          <p>
            {t.rich('allowance', {
              account: account?.name ?? '',
              unlimited: String(allowance === null),
              allowance: allowance ?? 0,
              count: checked.valid.length,
              b: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          <p data-testid="limit-estimate">
            {estimate.data
              ? t('limitEstimate', {
                  windowOpen: estimate.data.windowOpen,
                  withinLimit: estimate.data.withinLimit,
                  beyondLimit: estimate.data.beyondLimit,
                })
              : t(estimate.isError ? 'estimateFailed' : 'estimating')}
            {!!estimate.data?.optedOut && ` ${t('optedOutSkipped', { count: estimate.data.optedOut })}`}
          </p>
          <label className="flex gap-2">
            <input type="radio" name="mode" checked={sendMode === 'spread'} onChange={() => setSendMode('spread')} />{' '}
            <span>{t.rich('spread', { b: (chunks) => <strong>{chunks}</strong> })}</span>
          </label>
          <label className="flex gap-2">
            <input type="radio" name="mode" checked={sendMode === 'today_only'} onChange={() => setSendMode('today_only')} />{' '}
            <span>
              {estimate.data?.beyondLimit
                ? t.rich('todayOnlySkipped', { skipped: estimate.data.beyondLimit, b: (chunks) => <strong>{chunks}</strong> })
                : t.rich('todayOnly', { b: (chunks) => <strong>{chunks}</strong> })}
            </span>
          </label>
          <label className="block font-medium">
            {t('startAt', { zone })}
            <input
              type="datetime-local"
              aria-label={t('startAtLabel')}
              className={field}
              value={when}
              onChange={(e) => setWhen(e.target.value)}
            />
          </label>
        </div>
      )}
      {step === 3 && (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-500">{t('reviewName')}</dt>
          <dd>
            <span dir="auto">{name}</span>
          </dd>
          <dt className="text-slate-500">{t('reviewTemplate')}</dt>
          <dd>
            {tCampaigns.rich('detail.templateFrom', {
              template: template?.name ?? '',
              account: account?.name ?? '',
              name: (chunks) => <bdi>{chunks}</bdi>,
            })}
          </dd>
          <dt className="text-slate-500">{t('reviewRecipients')}</dt>
          <dd>{t('recipientsSummary', { valid: checked.valid.length, invalid: checked.invalid.length, duplicates: checked.duplicates })}</dd>
          <dt className="text-slate-500">{t('reviewSending')}</dt>
          <dd>
            {when
              ? t('sendingAt', { mode: t(sendMode === 'spread' ? 'modeSpread' : 'modeToday'), time: dateTime(when), zone })
              : t('sendingNow', { mode: t(sendMode === 'spread' ? 'modeSpread' : 'modeToday') })}
          </dd>
        </dl>
      )}
      {launch.isError && <Alert className="mt-4 text-sm">{errorText(launch.error)}</Alert>}
      <div className="mt-6 flex justify-between">
        <button
          type="button"
          disabled={step === 0}
          onClick={() => setStep(step - 1)}
          className="rounded-md px-3 py-2 text-sm text-slate-700 disabled:opacity-40"
        >
          {t('back')}
        </button>
        {step < 3 ? (
          <Button
            variant="primary"
            size="md"

            disabled={!canNext}
            onClick={() => setStep(step + 1)}
          >
            {t('next')}
          </Button>
        ) : (
          <Button
            variant="primary"
            size="md"

            disabled={launch.isPending}
            onClick={() => launch.mutate()}
          >
            {when ? t('schedule') : t('start')}
          </Button>
        )}
      </div>
    </div>
  );
}
