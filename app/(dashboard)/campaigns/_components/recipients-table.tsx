'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Papa from 'papaparse';
import { useDeferredValue, useState } from 'react';
import { pollInterval } from '@/app/_trpc/poll-interval';
import { useTRPC, useTRPCClient } from '@/app/_trpc/trpc';
import { DataTable } from '../../_components/kit';
import { SKIP_BEYOND_ALLOWANCE, SKIP_OPTED_OUT } from '@/server/campaigns/skip-reasons';

const statuses = ['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
type Status = (typeof statuses)[number];

const statusTone: Record<Status, string> = {
  pending: 'bg-slate-100 text-slate-700',
  queued: 'bg-slate-100 text-slate-700',
  sent: 'bg-sky-50 text-sky-800',
  delivered: 'bg-sky-50 text-sky-800',
  read: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
  skipped: 'bg-amber-50 text-amber-900',
};

/** Per-recipient status and reason, searchable by number or name, with a status filter; the export takes both. */
export function RecipientsTable({ campaignId }: { campaignId: string }) {
  const t = useTranslations('campaigns.recipients');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [status, setStatus] = useState<Status | ''>('');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const filters = { id: campaignId, status: status || undefined, search: query || undefined };
  const page = useQuery({
    ...trpc.campaigns.recipients.queryOptions({ ...filters, limit: 50 }),
    refetchInterval: pollInterval(2_000),
    placeholderData: keepPreviousData,
  });
  const reasonText = (reason: string | null) =>
    reason === SKIP_OPTED_OUT ? t('reason.optedOut') : reason === SKIP_BEYOND_ALLOWANCE ? t('reason.beyondAllowance') : reason;

  const exportCsv = async () => {
    const rows: Array<Record<string, string>> = [];
    let cursor: string | undefined;
    do {
      const next = await client.campaigns.recipients.query({ ...filters, limit: 200, cursor });
      rows.push(
        ...next.data.map((r) => ({
          to: r.to,
          name: r.contact_name ?? r.name ?? '',
          status: r.status,
          error: r.error_message ?? '',
          message_id: r.message_id ?? '',
          ...r.parameters,
        })),
      );
      cursor = next.next_cursor;
    } while (cursor);
    const url = URL.createObjectURL(new Blob([Papa.unparse(rows)], { type: 'text/csv' }));
    Object.assign(document.createElement('a'), { href: url, download: `recipients-${campaignId}.csv` }).click();
    URL.revokeObjectURL(url);
  };

  const rows = page.data?.data ?? [];
  return (
    <section aria-labelledby="recipients-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recipients-heading" className="text-lg font-semibold">
          {t('heading')}
        </h2>
        <div className="flex flex-wrap gap-2 text-sm">
          <input
            type="search"
            aria-label={t('search')}
            placeholder={t('searchPlaceholder')}
            dir="auto"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="min-w-0 rounded-md border border-slate-300 px-2 py-1"
          />
          <select
            aria-label={t('filter')}
            value={status}
            onChange={(e) => setStatus(e.target.value as Status | '')}
            className="rounded-md border border-slate-300 px-2 py-1"
          >
            <option value="">{t('allStatuses')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
          <button type="button" onClick={exportCsv} className="rounded-md border border-slate-300 px-3 py-1">
            {t('export')}
          </button>
        </div>
      </div>
      <DataTable
        className="mt-3"
        busy={page.isFetching && page.isPlaceholderData}
        rowTestId="recipient-row"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: t('number'), title: true, className: 'font-mono whitespace-nowrap', cell: (r) => <span dir="ltr">{r.to}</span> },
          { header: t('name'), className: 'wrap-anywhere', cell: (r) => <span dir="auto">{r.contact_name ?? r.name}</span> },
          {
            header: tCommon('status'),
            cell: (r) => (
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[r.status]}`}>{t(`status.${r.status}`)}</span>
            ),
          },
          {
            header: t('reason.heading'),
            className: 'wrap-anywhere text-slate-700',
            cell: (r) => <span dir="auto">{reasonText(r.error_message)}</span>,
          },
        ]}
      />
      {page.isSuccess && rows.length === 0 && <p className="mt-2 text-sm text-slate-600">{query || status ? t('noMatch') : t('none')}</p>}
      {page.data?.has_more && <p className="mt-2 text-xs text-slate-600">{t('firstPage')}</p>}
    </section>
  );
}
