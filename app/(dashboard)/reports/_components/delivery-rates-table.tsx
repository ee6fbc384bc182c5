'use client';

import { useTranslations } from 'next-intl';
import type { DeliveryCounts } from '@/server/reports/read-delivery-rates';
import { TableHead } from '../../_components/kit';
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
  // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table data-testid={testId} className="w-full min-w-[36rem] text-sm">
        <caption className="bg-white px-4 py-2 text-start font-medium text-slate-800">{caption}</caption>
        <TableHead columns={[t('name'), t('sent'), t('delivered'), t('deliveryRate'), t('read'), t('readRate'), t('failed')]} />
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-3 text-slate-600">
                {t('none')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="px-4 py-2 text-start font-medium wrap-anywhere">
                  <bdi>{row.label}</bdi>
                  <span className="block text-xs font-normal text-slate-600">
                    <bdi>{row.detail}</bdi>
                  </span>
                </th>
                <td className="px-4 py-2 tabular-nums">{number(row.sent)}</td>
                <td className="px-4 py-2 tabular-nums">{number(row.delivered)}</td>
                <td className="px-4 py-2 font-semibold tabular-nums">{rate(row.delivered, row.sent)}</td>
                <td className="px-4 py-2 tabular-nums">{number(row.read)}</td>
                <td className="px-4 py-2 font-semibold tabular-nums">{rate(row.read, row.delivered)}</td>
                <td className="px-4 py-2 tabular-nums">{number(row.failed)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
