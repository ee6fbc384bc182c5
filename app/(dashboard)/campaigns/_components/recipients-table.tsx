'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Papa from 'papaparse';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '@/app/_trpc/trpc';

const statuses = ['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
type Status = (typeof statuses)[number];

/** Per-recipient status with a filter, and an export of every recipient (in that filter) as CSV. */
export function RecipientsTable({ campaignId }: { campaignId: string }) {
  const t = useTranslations('campaigns.recipients');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [status, setStatus] = useState<Status | ''>('');
  const page = useQuery({
    ...trpc.campaigns.recipients.queryOptions({ id: campaignId, status: status || undefined, limit: 50 }),
    refetchInterval: 2_000,
  });

  const exportCsv = async () => {
    const rows: Array<Record<string, string>> = [];
    let cursor: string | undefined;
    do {
      const next = await client.campaigns.recipients.query({ id: campaignId, status: status || undefined, limit: 200, cursor });
      rows.push(
        ...next.data.map((r) => ({ to: r.to, status: r.status, error: r.error_message ?? '', message_id: r.message_id ?? '', ...r.parameters })),
      );
      cursor = next.next_cursor;
    } while (cursor);
    const url = URL.createObjectURL(new Blob([Papa.unparse(rows)], { type: 'text/csv' }));
    Object.assign(document.createElement('a'), { href: url, download: `recipients-${campaignId}.csv` }).click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recipients-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recipients-heading" className="text-lg font-semibold">
          {t('heading')}
        </h2>
        <div className="flex gap-2 text-sm">
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
      <table className="mt-3 min-w-full divide-y divide-slate-200 text-sm">
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th className="py-2 pe-3 text-start">{t('number')}</th>
            <th className="pe-3 text-start">{tCommon('status')}</th>
            <th className="text-start">{t('details')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {page.data?.data.map((r) => (
            <tr key={r.id}>
              <td className="py-2 font-mono">
                <span dir="ltr">{r.to}</span>
              </td>
              <td>{t(`status.${r.status}`)}</td>
              <td className="wrap-anywhere text-slate-600">{r.error_message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.data?.has_more && <p className="mt-2 text-xs text-slate-600">{t('firstPage')}</p>}
    </section>
  );
}
