'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useFormatTime } from '../../_components/use-format-time';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { AccountStatusReason } from '@/server/accounts/account-health';
import { ConnectNumber } from './connect/connect-number';
import type { SignupConfig } from './connect/use-embedded-signup';
import { Alert, Button, ConfirmRemoval, DataTable, EmptyState } from '@/app/(dashboard)/_components/kit';

export interface AccountRow {
  id: string;
  name: string;
  phoneNumber: string;
  /** The platform's ids, which a reconnect keeps. */
  wabaId: string;
  phoneId: string;
  qualityRating: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
  tier: string | null;
  limitsSyncedAt: string | null;
  status: 'connected' | 'needs_attention' | 'disconnected';
  statusReason: AccountStatusReason | null;
}

const statusStyles: Record<AccountRow['status'], string> = {
  connected: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  needs_attention: 'bg-amber-50 text-amber-900 ring-amber-300',
  disconnected: 'bg-slate-100 text-slate-700 ring-slate-200',
};

const qualityStyles: Record<AccountRow['qualityRating'], string> = {
  GREEN: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  YELLOW: 'bg-amber-50 text-amber-800 ring-amber-200',
  RED: 'bg-red-50 text-red-800 ring-red-200',
  UNKNOWN: 'bg-slate-50 text-slate-700 ring-slate-200',
};

/**
 * The connected numbers: their health with what to do about it, their limits, buttons that ask
 * the worker to re-read templates from the platform, and (for owners and admins) disconnect.
 */
export function AccountsPanel({
  accounts,
  canSync,
  canManage,
  signup,
}: {
  accounts: AccountRow[];
  canSync: boolean;
  canManage: boolean;
  signup: SignupConfig;
}) {
  const errorText = useErrorText();
  const t = useTranslations('settings.accounts');
  const tCommon = useTranslations('common');
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sync = useMutation(
    trpc.templates.syncNow.mutationOptions({
      onSuccess: () => {
        // The worker syncs in the background: look again while it is likely to finish.
        for (const delay of [1_500, 4_000, 10_000]) {
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: trpc.templates.list.queryKey() }), delay);
        }
      },
    }),
  );
  const pendingFor = sync.isPending ? (sync.variables.accountId ?? 'all') : null;
  const router = useRouter();
  const [disconnecting, setDisconnecting] = useState<AccountRow | null>(null);
  const [reconnecting, setReconnecting] = useState<AccountRow | null>(null);
  const disconnect = useMutation(
    trpc.settings.disconnectAccount.mutationOptions({
      onSuccess: () => {
        setDisconnecting(null);
        router.refresh(); // the list comes from the server component
      },
    }),
  );

  return (
    <section aria-labelledby="accounts-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="accounts-heading" className="text-lg font-semibold text-slate-900">
            {t('heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
        </div>
        {canSync && accounts.length > 1 && (
          <Button disabled={sync.isPending} onClick={() => sync.mutate({})}>
            {pendingFor === 'all' ? t('requesting') : t('syncAll')}
          </Button>
        )}
      </div>

      {canManage && (
        <div className="mt-3">
          <ConnectNumber
            signup={signup}
            reconnect={reconnecting && { name: reconnecting.name, wabaId: reconnecting.wabaId, phoneNumberId: reconnecting.phoneId }}
            onClose={() => setReconnecting(null)}
          />
        </div>
      )}

      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {sync.isSuccess && <p className="text-emerald-800">{t('syncRequested', { count: sync.data.accounts })}</p>}
        {sync.isError && <Alert>{errorText(sync.error)}</Alert>}
        {!canSync && <p className="text-slate-600">{t('cannotSync')}</p>}
      </div>

      {accounts.length === 0 ? (
        <EmptyState className="mt-3" text={canManage ? `${t('empty')} ${t('emptyConnect')}` : t('empty')} />
      ) : (
        <DataTable
          className="mt-3"
          rows={accounts}
          rowKey={(account) => account.id}
          columns={[
            {
              header: tCommon('name'),
              title: true,
              className: 'font-medium text-slate-900',
              cell: (account) => <span dir="auto">{account.name}</span>,
            },
            {
              header: t('number'),
              className: 'text-slate-700 sm:whitespace-nowrap',
              cell: (account) => <span dir="ltr">{account.phoneNumber}</span>,
            },
            {
              header: t('status'),
              className: 'sm:min-w-[12rem]',
              cell: (account) => (
                <div>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${statusStyles[account.status]}`}>
                    {t(`statuses.${account.status}`)}
                  </span>
                  {account.status === 'needs_attention' && account.statusReason && (
                    <p className="mt-1 max-w-xs text-xs text-slate-700">{t(`reasons.${account.statusReason}`)}</p>
                  )}
                </div>
              ),
            },
            {
              header: t('quality'),
              cell: (account) => (
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${qualityStyles[account.qualityRating]}`}>
                  {t(`qualities.${account.qualityRating}`)}
                </span>
              ),
            },
            {
              header: t('tier'),
              className: 'text-slate-700',
              cell: (account) => (account.tier ? <span dir="ltr">{account.tier}</span> : t('notSynced')),
            },
            {
              header: t('limitsSynced'),
              className: 'text-slate-700 sm:whitespace-nowrap',
              cell: (account) => formatTime(account.limitsSyncedAt),
            },
          ]}
          actions={
            canSync || canManage
              ? (account) => (
                  <span className="inline-flex flex-wrap justify-end gap-2">
                    {canSync && account.status !== 'disconnected' && (
                      <Button disabled={sync.isPending} onClick={() => sync.mutate({ accountId: account.id })}>
                        {pendingFor === account.id ? t('requesting') : t('sync')}
                        <span className="sr-only">{t('syncFor', { name: account.name })}</span>
                      </Button>
                    )}
                    {canManage && account.status !== 'connected' && (
                      <Button variant="primary" aria-label={t('reconnectFor', { name: account.name })} onClick={() => setReconnecting(account)}>
                        {t('reconnect')}
                      </Button>
                    )}
                    {canManage && account.status !== 'disconnected' && (
                      <Button
                        className="text-red-700"
                        aria-label={t('disconnectFor', { name: account.name })}
                        onClick={() => {
                          disconnect.reset();
                          setDisconnecting(account);
                        }}
                      >
                        {t('disconnect')}
                      </Button>
                    )}
                  </span>
                )
              : undefined
          }
        />
      )}
      {disconnecting && (
        <ConfirmRemoval
          title={t('disconnectTitle', { name: disconnecting.name })}
          body={t('disconnectBody')}
          confirmLabel={t('disconnectConfirm')}
          removal={disconnect}
          onConfirm={() => disconnect.mutate({ accountId: disconnecting.id })}
          onCancel={() => setDisconnecting(null)}
        />
      )}
    </section>
  );
}
