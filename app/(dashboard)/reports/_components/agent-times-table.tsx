'use client';

import { useTranslations } from 'next-intl';
import type { AgentTimes } from '@/server/reports/read-agent-times';
import { TableHead } from '../../_components/kit';
import { useReportFormat } from './use-report-format';

/** First-response and resolution times per member: how many, the median and the average. */
export function AgentTimesTable({ rows }: { rows: AgentTimes[] }) {
  const t = useTranslations('reports.agents');
  const { number, duration } = useReportFormat();
  // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
  return (
    <div
      role="region"
      aria-label={t('title')}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table data-testid="agent-times" className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{t('title')}</caption>
        <TableHead
          columns={[
            t('agent'),
            t('replies'),
            t('responseMedian'),
            t('responseAverage'),
            t('resolutions'),
            t('resolutionMedian'),
            t('resolutionAverage'),
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.userId}>
              <th scope="row" className="px-4 py-2 text-start font-medium wrap-anywhere">
                <bdi>{row.name}</bdi>
              </th>
              <td className="px-4 py-2 tabular-nums">{number(row.firstResponse.count)}</td>
              <td className="px-4 py-2 font-semibold tabular-nums">{duration(row.firstResponse.medianSeconds)}</td>
              <td className="px-4 py-2 tabular-nums">{duration(row.firstResponse.averageSeconds)}</td>
              <td className="px-4 py-2 tabular-nums">{number(row.resolution.count)}</td>
              <td className="px-4 py-2 font-semibold tabular-nums">{duration(row.resolution.medianSeconds)}</td>
              <td className="px-4 py-2 tabular-nums">{duration(row.resolution.averageSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
