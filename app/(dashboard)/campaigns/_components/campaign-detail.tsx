'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { NotFoundState } from '@/app/_components/not-found-state';
import { isNotFound } from '@/app/_trpc/http-status';
import { pollInterval } from '@/app/_trpc/poll-interval';
import { useTRPC } from '@/app/_trpc/trpc';
import { presentCampaignStatus } from '@/server/campaigns/present-campaign-status';
import { CampaignActions, type CampaignPanel } from './campaign-actions';
import { CampaignStatusBadge } from './campaign-status-badge';
import { EditDraftForm } from './edit-draft-form';
import { useCampaignFormat } from './format';
import { ProgressChart } from './progress-chart';
import { RecipientsTable } from './recipients-table';
import { RescheduleForm } from './reschedule-form';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { ACCOUNT_DISCONNECTED_REASON, CANCELED_REASON } from '@/server/campaigns/canceled-reason';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

/** One campaign, live: progress bar, counters, parked state in words, chart, recipients; start, pause, resume and the draft/schedule actions. */
export function CampaignDetail({ id }: { id: string }) {
  const errorText = useErrorText();
  const t = useTranslations('campaigns');
  const tCommon = useTranslations('common');
  const { percent, dateTime, describeResume, number } = useCampaignFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const campaign = useQuery({ ...trpc.campaigns.get.queryOptions({ id }), refetchInterval: pollInterval(1_500) });
  const timeline = useQuery({ ...trpc.campaigns.timeline.queryOptions({ id }), refetchInterval: pollInterval(3_000) });
  const funnel = useQuery({ ...trpc.campaigns.funnel.queryOptions({ id }), refetchInterval: pollInterval(3_000) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id }) });
  const start = useMutation(trpc.campaigns.start.mutationOptions({ onSuccess: refresh }));
  const pause = useMutation(trpc.campaigns.pause.mutationOptions({ onSuccess: refresh }));
  const [panel, setPanel] = useState<CampaignPanel | null>(null);
  const closePanel = () => {
    setPanel(null);
    void refresh();
  };

  if (campaign.isPending) return <p className="text-sm text-slate-600">{tCommon('loading')}</p>;
  if (campaign.isError) {
    return isNotFound(campaign.error) ? (
      <NotFoundState title={t('detail.notFoundTitle')} back={{ href: '/campaigns', label: t('detail.back') }}>
        {t('detail.notFoundBody')}
      </NotFoundState>
    ) : (
      <Alert className="text-sm">{errorText(campaign.error)}</Alert>
    );
  }
  const c = campaign.data;
  const r = c.recipients;
  const dealt = r.sent + r.failed + r.skipped;
  const error = start.error ?? pause.error;

  return (
    <div>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold wrap-anywhere">
            <span dir="auto">{c.name}</span>
          </h1>
          <p className="text-sm wrap-anywhere text-slate-600">
            {t.rich('detail.templateFrom', { template: c.template_name, account: c.account, name: (chunks) => <bdi>{chunks}</bdi> })} ·{' '}
            <CampaignStatusBadge campaign={c} testId="campaign-status" />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CampaignActions campaign={c} onOpen={setPanel} />
          {(c.status === 'processing' || c.status === 'scheduled') && (
            <button type="button" onClick={() => pause.mutate({ id })} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
              {t('detail.pause')}
            </button>
          )}
          {(c.status === 'paused' || c.status === 'draft') && (
            <Button
              variant="primary"

              onClick={() =>
                start.mutate({ id, sendMode: c.send_mode, scheduledAt: c.status === 'draft' ? startTimeOf(c.scheduled_at) : undefined })
              }
            >
              {c.status === 'paused' ? t('detail.resume') : t('detail.start')}
            </Button>
          )}
        </div>
      </header>
      {panel === 'edit' && c.status === 'draft' && <EditDraftForm campaign={c} onDone={closePanel} />}
      {panel === 'reschedule' && c.status === 'scheduled' && <RescheduleForm id={id} scheduledAt={c.scheduled_at} onDone={closePanel} />}
      {error && <Alert className="mt-3 text-sm">{errorText(error)}</Alert>}
      {c.failure_reason && (
        <Alert className="mt-3 text-sm wrap-anywhere">
          {c.failure_reason === CANCELED_REASON
            ? t('detail.canceled')
            : c.failure_reason === ACCOUNT_DISCONNECTED_REASON
              ? t('detail.accountDisconnected')
              : t('detail.couldNotRun', { reason: c.failure_reason })}
        </Alert>
      )}
      {c.resumes_at && presentCampaignStatus(c) === 'waiting_for_limit' && (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('detail.parked', { when: describeResume(c.resumes_at) })}</p>
      )}
      {c.status === 'draft' && c.scheduled_at && (
        <p className="mt-3 text-sm">{t('detail.startsAtWhenStarted', { time: dateTime(c.scheduled_at) })}</p>
      )}
      {c.status === 'scheduled' && c.scheduled_at && <p className="mt-3 text-sm">{t('detail.startsAt', { time: dateTime(c.scheduled_at) })}</p>}
      <div className="mt-6">
        <div
          role="progressbar"
          aria-label={t('detail.progress')}
          aria-valuemin={0}
          aria-valuemax={r.total}
          aria-valuenow={dealt}
          className="h-3 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: r.total ? `${(dealt / r.total) * 100}%` : '0%' }} />
        </div>
        <p className="mt-1 text-xs text-slate-600">{t('detail.dealt', { dealt, total: r.total, percent: percent(dealt, r.total) })}</p>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-4 text-center min-[26rem]:grid-cols-3 sm:grid-cols-6">
        {(['total', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const).map((k) => (
          <div key={k} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600 uppercase">{t(`detail.counts.${k}`)}</dt>
            <dd data-testid={`count-${k}`} className="text-xl font-semibold">
              {number(r[k])}
            </dd>
          </div>
        ))}
      </dl>
      <section className="mt-8">
        <h2 className="mb-2 text-lg font-semibold">{t('detail.overTime')}</h2>
        <ProgressChart points={timeline.data ?? []} funnel={funnel.data} />
      </section>
      <RecipientsTable campaignId={id} />
    </div>
  );
}

/** A draft's intended start time, if still ahead: starting then arms it, otherwise it starts now. */
function startTimeOf(scheduledAt: string | null): string | undefined {
  return scheduledAt && new Date(scheduledAt) > new Date() ? scheduledAt : undefined;
}
