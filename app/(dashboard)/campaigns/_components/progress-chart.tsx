import { useTranslations } from 'next-intl';
import type { TimelinePoint } from '@/server/campaigns/campaign-timeline';
import { useCampaignFormat } from './format';

const series = [
  { key: 'sent', color: '#0b8a4a' },
  { key: 'delivered', color: '#0284c7' },
  { key: 'read', color: '#7c3aed' },
  { key: 'failed', color: '#dc2626' },
] as const;

/** Cumulative sent, delivered, read and failed over time, as lines in an inline SVG. */
export function ProgressChart({ points: buckets }: { points: TimelinePoint[] }) {
  const t = useTranslations('campaigns');
  const { time } = useCampaignFormat();
  const first = buckets[0];
  // Lines start from zero, so a campaign that finished within one minute still draws them.
  const points = first ? [{ at: first.at, sent: 0, delivered: 0, read: 0, failed: 0 }, ...buckets] : [];
  if (points.length === 0) return <p className="text-sm text-slate-500">{t('chart.empty')}</p>;
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...points.map((p) => p.sent + p.failed));
  const x = (i: number) => (points.length === 1 ? width / 2 : (i / (points.length - 1)) * width);
  const y = (v: number) => height - (v / max) * height;
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('chart.label')} className="h-40 w-full">
        {series.map((s) => (
          <polyline key={s.key} fill="none" stroke={s.color} strokeWidth={2} points={points.map((p, i) => `${x(i)},${y(p[s.key])}`).join(' ')} />
        ))}
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-600">
        {series.map((s) => (
          <span key={s.key}>
            <span className="me-1 inline-block size-2 rounded-full" style={{ background: s.color }} />
            {t(`detail.counts.${s.key}`)}
          </span>
        ))}
        <span>{t('chart.range', { from: time(points[0]!.at), to: time(points[points.length - 1]!.at) })}</span>
      </figcaption>
    </figure>
  );
}
