'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { pollInterval } from '@/app/_trpc/poll-interval';
import { useTRPC } from '@/app/_trpc/trpc';
import { campaignDisplayStatuses } from '@/server/campaigns/present-campaign-status';
import { DataTable, ListStates } from '@/app/(dashboard)/_components/kit';
import { CampaignStatusBadge } from './campaign-status-badge';
import { FirstCampaign } from './first-campaign';
import { useCampaignFormat } from './format';

const filters = ['', ...campaignDisplayStatuses] as const;

/** Campaigns with their status and delivery and read rates. */
export function CampaignList() {
  const t = useTranslations('campaigns');
  const tCommon = useTranslations('common');
  const { percent, date, number } = useCampaignFormat();
  const trpc = useTRPC();
  const [status, setStatus] = useState<(typeof filters)[number]>('');
  const list = useQuery({ ...trpc.campaigns.list.queryOptions({ status: status || undefined }), refetchInterval: pollInterval(5_000) });
  const empty = list.data?.data.length === 0;
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
        empty={empty && status !== ''}
        texts={{ loading: t('list.loading'), failed: t('list.loadFailed'), empty: t('list.empty') }}
      />
      {empty && status === '' && <FirstCampaign />}
      {!!list.data?.data.length && (
        <DataTable
          className="mt-4"
          rows={list.data.data}
          rowKey={(c) => c.id}
          columns={[
            {
              header: tCommon('name'),
              title: true,
              className: 'sm:max-w-[40ch]',
              cell: (c) => (
                <Link href={`/campaigns/${c.id}`} dir="auto" className="font-medium text-brand-600 hover:underline">
                  {c.name}
                </Link>
              ),
            },
            { header: tCommon('status'), cell: (c) => <CampaignStatusBadge campaign={c} /> },
            { header: t('list.recipients'), cell: (c) => number(c.recipients.total) },
            { header: t('list.delivered'), cell: (c) => percent(c.recipients.delivered, c.recipients.sent) },
            { header: t('list.read'), cell: (c) => percent(c.recipients.read, c.recipients.sent) },
            { header: t('list.created'), className: 'text-slate-600', cell: (c) => date(c.created_at) },
          ]}
        />
      )}
    </div>
  );
}
