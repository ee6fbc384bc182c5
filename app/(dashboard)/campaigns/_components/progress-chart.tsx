'use client';

import { useTranslations } from 'next-intl';
import type { CampaignFunnel } from '@/server/campaigns/campaign-funnel';
import type { TimelinePoint } from '@/server/campaigns/campaign-timeline';
import { FunnelChart } from '../../_components/charts/funnel-chart';
import { TimeChart } from '../../_components/charts/time-chart';
import { useCampaignFormat } from './format';

const colors = { sent: '#0b8a4a', delivered: '#0284c7', read: '#7c3aed', failed: '#dc2626', replied: '#c2410c' } as const;

/** Cumulative sent, delivered, read and failed over time (lines on labelled axes), then the funnel sent → delivered → read → replied/tapped. */
export function ProgressChart({ points: buckets, funnel }: { points: TimelinePoint[]; funnel: CampaignFunnel | undefined }) {
  const t = useTranslations('campaigns');
  const { time, percent } = useCampaignFormat();
  const first = buckets[0];
  // Lines start from zero a minute before the first messages, so a campaign that finished within one minute still draws them.
  const start = first ? new Date(new Date(first.at).getTime() - 60_000).toISOString() : null;
  const points = start ? [{ at: start, sent: 0, delivered: 0, read: 0, failed: 0 }, ...buckets] : [];
  if (points.length === 0) return <p className="text-sm text-slate-600">{t('chart.empty')}</p>;
  const series = (['sent', 'delivered', 'read', 'failed'] as const).map((key) => ({ key, label: t(`detail.counts.${key}`), color: colors[key] }));
  return (
    <div className="grid gap-8">
      <TimeChart
        testId="progress-chart"
        kind="line"
        data={points}
        series={series}
        label={t('chart.label')}
        xLabel={t('chart.timeAxis')}
        yLabel={t('chart.countAxis')}
        formatTime={time}
      />
      {funnel && (
        <section>
          <h3 className="mb-2 text-base font-semibold">{t('chart.funnel')}</h3>
          <FunnelChart
            testId="campaign-funnel"
            label={t('chart.funnel')}
            valueLabel={t('chart.recipientsAxis')}
            share={(value) => percent(value, funnel.sent)}
            steps={(['sent', 'delivered', 'read', 'replied'] as const).map((key) => ({
              key,
              label: t(`chart.steps.${key}`),
              value: funnel[key],
              color: colors[key],
            }))}
          />
          <p className="mt-1 text-xs text-slate-600">{t('chart.repliedHint', { tapped: funnel.tapped })}</p>
        </section>
      )}
    </div>
  );
}
