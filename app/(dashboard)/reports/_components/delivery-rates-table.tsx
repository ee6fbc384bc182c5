'use client';

import { useTranslations } from 'next-intl';
import type { DeliveryCounts } from '@/server/reports/read-delivery-rates';
import { DataTable } from '../../_components/kit';
import { useReportFormat } from './use-report-format';

/** Sent, delivered and read counts with their rates (delivered ÷ sent, read ÷ delivered), one row per account or template. */
export function DeliveryRatesTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: Array<DeliveryCounts & { id: string; label: string; detail: string }>;
  testId: string;
}) {
  const t = useTranslations('reports.rates');
  const { number, rate } = useReportFormat();
  return (
    <DataTable
      testId={testId}
      caption={{ text: caption }}
      empty={t('none')}
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        {
          header: t('name'),
          title: true,
          rowHeader: true,
          className: 'wrap-anywhere',
          cell: (row) => (
            <>
              <bdi>{row.label}</bdi>
              <span className="block text-xs font-normal text-slate-600">
                <bdi>{row.detail}</bdi>
              </span>
            </>
          ),
        },
        { header: t('sent'), className: 'tabular-nums', cell: (row) => number(row.sent) },
        { header: t('delivered'), className: 'tabular-nums', cell: (row) => number(row.delivered) },
        { header: t('deliveryRate'), className: 'font-semibold tabular-nums', cell: (row) => rate(row.delivered, row.sent) },
        { header: t('read'), className: 'tabular-nums', cell: (row) => number(row.read) },
        { header: t('readRate'), className: 'font-semibold tabular-nums', cell: (row) => rate(row.read, row.delivered) },
        { header: t('failed'), className: 'tabular-nums', cell: (row) => number(row.failed) },
      ]}
    />
  );
}
