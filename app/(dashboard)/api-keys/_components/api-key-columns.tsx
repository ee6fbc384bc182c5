'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ApiKeyStatus, PresentedApiKey } from '@/server/api-keys/present-api-key';
import type { Column } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../_components/use-format-time';

const statusStyles: Record<ApiKeyStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-amber-50 text-amber-800 ring-amber-200',
  switched_off: 'bg-slate-100 text-slate-700 ring-slate-200',
  revoked: 'bg-red-50 text-red-800 ring-red-200',
};

/** A key's columns: its name and limits, prefix, scopes, last use and status. */
export function useApiKeyColumns(): Column<PresentedApiKey>[] {
  const t = useTranslations('apiKeys');
  const tCommon = useTranslations('common');
  const format = useFormatter();
  const formatTime = useFormatTime();
  return [
    {
      header: tCommon('name'),
      title: true,
      className: 'sm:min-w-[12rem]',
      cell: (apiKey) => (
        <>
          <p className="font-medium wrap-anywhere text-slate-900">
            <span dir="auto">{apiKey.name}</span>
          </p>
          <p className="mt-0.5 text-xs wrap-anywhere text-slate-600">
            {t('perMinute', { limit: format.number(apiKey.rateLimitPerMin) })}
            {apiKey.expiresAt ? ` · ${t('expires', { time: formatTime(apiKey.expiresAt) })}` : ''}
            {/* The addresses as a left-to-right island (LRI … PDI) inside the sentence. */}
            {apiKey.allowedCidrs.length > 0 ? ` · ${t('from', { addresses: `\u2066${apiKey.allowedCidrs.join(', ')}\u2069` })}` : ''}
          </p>
        </>
      ),
    },
    {
      header: t('columns.key'),
      className: 'font-mono text-slate-700 sm:whitespace-nowrap',
      cell: (apiKey) => <span dir="ltr">{apiKey.prefix}…</span>,
    },
    {
      header: t('columns.scopes'),
      className: 'text-xs text-slate-600 sm:min-w-[10rem]',
      cell: (apiKey) => <bdi dir="ltr">{apiKey.scopes.join(' · ')}</bdi>,
    },
    { header: t('columns.lastUsed'), className: 'text-slate-700 sm:whitespace-nowrap', cell: (apiKey) => formatTime(apiKey.lastUsedAt) },
    {
      header: tCommon('status'),
      cell: (apiKey) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${statusStyles[apiKey.status]}`}>
          {t(`status.${apiKey.status}`)}
        </span>
      ),
    },
  ];
}
