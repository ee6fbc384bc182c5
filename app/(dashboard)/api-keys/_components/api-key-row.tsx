'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { ApiKeyStatus, PresentedApiKey } from '@/server/api-keys/present-api-key';
import { Alert, buttonClass, ConfirmDialog } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
import { useErrorText } from '@/app/_trpc/use-error-text';

const statusStyles: Record<ApiKeyStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-amber-50 text-amber-800 ring-amber-200',
  switched_off: 'bg-slate-100 text-slate-700 ring-slate-200',
  revoked: 'bg-red-50 text-red-800 ring-red-200',
};

/** One key: what it may do and when it was used, with switch off / on and revoke for managers. */
export function ApiKeyRow({ apiKey, canManage }: { apiKey: PresentedApiKey; canManage: boolean }) {
  const errorText = useErrorText();
  const t = useTranslations('apiKeys');
  const format = useFormatter();
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const setEnabled = useMutation(trpc.apiKeys.setEnabled.mutationOptions({ onSuccess: () => void refresh() }));
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        void refresh();
      },
    }),
  );
  const error = setEnabled.error ?? revoke.error;

  return (
    <tr aria-label={apiKey.name}>
      <td className="min-w-[12rem] px-4 py-3 align-top">
        <p className="font-medium wrap-anywhere text-slate-900">
          <span dir="auto">{apiKey.name}</span>
        </p>
        <p className="mt-0.5 text-xs wrap-anywhere text-slate-600">
          {t('perMinute', { limit: format.number(apiKey.rateLimitPerMin) })}
          {apiKey.expiresAt ? ` · ${t('expires', { time: formatTime(apiKey.expiresAt) })}` : ''}
          {/* The addresses as a left-to-right island (LRI … PDI) inside the sentence. */}
          {apiKey.allowedCidrs.length > 0 ? ` · ${t('from', { addresses: `\u2066${apiKey.allowedCidrs.join(', ')}\u2069` })}` : ''}
        </p>
        {error && <Alert className="mt-1 text-xs">{errorText(error)}</Alert>}
      </td>
      <td className="px-4 py-3 align-top font-mono whitespace-nowrap text-slate-700">
        <span dir="ltr">{apiKey.prefix}…</span>
      </td>
      <td className="min-w-[10rem] px-4 py-3 align-top text-xs text-slate-600">
        <bdi dir="ltr">{apiKey.scopes.join(' · ')}</bdi>
      </td>
      <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">{formatTime(apiKey.lastUsedAt)}</td>
      <td className="px-4 py-3 align-top">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${statusStyles[apiKey.status]}`}>
          {t(`status.${apiKey.status}`)}
        </span>
      </td>
      {canManage && (
        <td className="px-4 py-3 text-end align-top">
          {apiKey.status !== 'revoked' && (
            <div className="inline-flex flex-wrap justify-end gap-2">
              <button
                type="button"
                className={`${buttonClass} whitespace-nowrap`}
                disabled={setEnabled.isPending}
                onClick={() => setEnabled.mutate({ id: apiKey.id, enabled: apiKey.disabledAt !== null })}
              >
                {apiKey.disabledAt ? t('switchOn') : t('switchOff')}
              </button>
              <button type="button" className={`${buttonClass} text-red-700`} onClick={() => setConfirming(true)}>
                {t('revoke')}
              </button>
            </div>
          )}
          {confirming && (
            <ConfirmDialog
              title={t('revokeTitle', { name: apiKey.name })}
              body={t('revokeBody')}
              confirmLabel={t('revokeConfirm')}
              pending={revoke.isPending}
              onConfirm={() => revoke.mutate({ id: apiKey.id })}
              onCancel={() => setConfirming(false)}
            />
          )}
        </td>
      )}
    </tr>
  );
}
