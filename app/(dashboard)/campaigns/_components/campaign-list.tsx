'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { campaignDisplayStatuses } from '@/server/campaigns/present-campaign-status';
import { ListStates } from '@/app/(dashboard)/_components/kit';
import { CampaignStatusBadge } from './campaign-status-badge';
import { useCampaignFormat } from './format';

const filters = ['', ...campaignDisplayStatuses] as const;

/** Campaigns with their status and delivery and read rates. */
export function CampaignList() {
  const t = useTranslations('campaigns');
  const tCommon = useTranslations('common');
  const { percent, date, number } = useCampaignFormat();
  const trpc = useTRPC();
  const [status, setStatus] = useState<(typeof filters)[number]>('');
  const list = useQuery({ ...trpc.campaigns.list.queryOptions({ status: status || undefined }), refetchInterval: 5_000 });
  return (
    <div className="mt-6">
      <div role="group" aria-label={t('list.filter')} className="flex flex-wrap gap-2 text-sm">
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
            className={`rounded-full px-3 py-1 ${status === f ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-slate-200'}`}
          >
            {f ? t(`status.${f}`) : t('list.all')}
          </button>
        ))}
      </div>
      <ListStates
        pending={list.isPending}
        failed={list.isError}
        empty={list.data?.data.length === 0}
        texts={{ loading: t('list.loading'), failed: t('list.loadFailed'), empty: t('list.empty') }}
      />
      {!!list.data?.data.length && (
        <div className="relative mt-4 overflow-x-auto rounded-xl bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="text-start text-xs text-slate-600 uppercase">
              <tr>
                <th className="px-4 py-2 text-start">{tCommon('name')}</th>
                <th className="pe-3 text-start">{tCommon('status')}</th>
                <th className="pe-3 text-start">{t('list.recipients')}</th>
                <th className="pe-3 text-start">{t('list.delivered')}</th>
                <th className="pe-3 text-start">{t('list.read')}</th>
                <th className="pe-4 text-start">{t('list.created')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.data.map((c) => (
                <tr key={c.id}>
                  <td className="max-w-[40ch] px-4 py-2 wrap-anywhere">
                    <Link href={`/campaigns/${c.id}`} dir="auto" className="font-medium text-brand-600 hover:underline">
                      {c.name}
                    </Link>
                  </td>
                  <td>
                    <CampaignStatusBadge campaign={c} />
                  </td>
                  <td>{number(c.recipients.total)}</td>
                  <td>{percent(c.recipients.delivered, c.recipients.sent)}</td>
                  <td>{percent(c.recipients.read, c.recipients.sent)}</td>
                  <td className="text-slate-600">{date(c.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
