'use client';

import { useTranslations } from 'next-intl';
import type { AgentTimes } from '@/server/reports/read-agent-times';
import { DataTable } from '../../_components/kit';
import { useReportFormat } from './use-report-format';

/** First-response and resolution times per member: how many, the median and the average. */
export function AgentTimesTable({ rows }: { rows: AgentTimes[] }) {
  const t = useTranslations('reports.agents');
  const { number, duration } = useReportFormat();
  return (
    <DataTable
      testId="agent-times"
      caption={{ text: t('title'), hidden: true }}
      rows={rows}
      rowKey={(row) => row.userId}
      columns={[
        { header: t('agent'), title: true, rowHeader: true, className: 'wrap-anywhere', cell: (row) => <bdi>{row.name}</bdi> },
        { header: t('replies'), className: 'tabular-nums', cell: (row) => number(row.firstResponse.count) },
        { header: t('responseMedian'), className: 'font-semibold tabular-nums', cell: (row) => duration(row.firstResponse.medianSeconds) },
        { header: t('responseAverage'), className: 'tabular-nums', cell: (row) => duration(row.firstResponse.averageSeconds) },
        { header: t('resolutions'), className: 'tabular-nums', cell: (row) => number(row.resolution.count) },
        { header: t('resolutionMedian'), className: 'font-semibold tabular-nums', cell: (row) => duration(row.resolution.medianSeconds) },
        { header: t('resolutionAverage'), className: 'tabular-nums', cell: (row) => duration(row.resolution.averageSeconds) },
      ]}
    />
  );
}
