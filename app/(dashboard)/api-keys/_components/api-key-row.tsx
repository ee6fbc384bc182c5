'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { ApiKeyStatus, PresentedApiKey } from '@/server/api-keys/present-api-key';
import { ConfirmDialog } from '../../_components/confirm-dialog';
import { buttonClass } from '../../_components/ui';
import { formatTime } from '../../settings/_components/format-time';

const statusBadges: Record<ApiKeyStatus, [string, string]> = {
  active: ['Active', 'bg-emerald-50 text-emerald-800 ring-emerald-200'],
  expired: ['Expired', 'bg-amber-50 text-amber-800 ring-amber-200'],
  switched_off: ['Switched off', 'bg-slate-100 text-slate-700 ring-slate-200'],
  revoked: ['Revoked', 'bg-red-50 text-red-800 ring-red-200'],
};

/** One key: what it may do and when it was used, with switch off / on and revoke for managers. */
export function ApiKeyRow({ apiKey, canManage }: { apiKey: PresentedApiKey; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const setEnabled = useMutation(trpc.apiKeys.setEnabled.mutationOptions({ onSuccess: () => void refresh() }));
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: () => { setConfirming(false); void refresh(); } }));
  const [label, style] = statusBadges[apiKey.status];
  const error = setEnabled.error ?? revoke.error;

  return (
    <tr aria-label={apiKey.name}>
      <td className="min-w-[12rem] px-4 py-3 align-top">
        <p className="font-medium wrap-anywhere text-slate-900">{apiKey.name}</p>
        <p className="mt-0.5 text-xs wrap-anywhere text-slate-600">
          {apiKey.rateLimitPerMin.toLocaleString('en')}/min{apiKey.expiresAt ? ` · expires ${formatTime(apiKey.expiresAt)}` : ''}
          {apiKey.allowedCidrs.length > 0 ? ` · from ${apiKey.allowedCidrs.join(', ')}` : ''}
        </p>
        {error && <p role="alert" className="mt-1 text-xs text-red-700">{error.message}</p>}
      </td>
      <td className="px-4 py-3 align-top font-mono whitespace-nowrap text-slate-700">{apiKey.prefix}…</td>
      <td className="min-w-[10rem] px-4 py-3 align-top text-xs text-slate-600">{apiKey.scopes.join(' · ')}</td>
      <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">{formatTime(apiKey.lastUsedAt)}</td>
      <td className="px-4 py-3 align-top">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${style}`}>{label}</span>
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
                {apiKey.disabledAt ? 'Switch on' : 'Switch off'}
              </button>
              <button type="button" className={`${buttonClass} text-red-700`} onClick={() => setConfirming(true)}>Revoke</button>
            </div>
          )}
          {confirming && (
            <ConfirmDialog
              title={`Revoke “${apiKey.name}”?`}
              body="Requests with this key are refused from now on. Revoking is permanent: systems using it need a new key."
              confirmLabel="Revoke key"
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
