'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/app/_trpc/trpc';
import { formatTime } from './format-time';

export interface AccountRow {
  id: string;
  name: string;
  phoneNumber: string;
  qualityRating: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
  tier: string | null;
  limitsSyncedAt: string | null;
}

const qualityStyles: Record<AccountRow['qualityRating'], string> = {
  GREEN: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  YELLOW: 'bg-amber-50 text-amber-800 ring-amber-200',
  RED: 'bg-red-50 text-red-800 ring-red-200',
  UNKNOWN: 'bg-slate-50 text-slate-700 ring-slate-200',
};

const buttonClass =
  'inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/** The connected numbers and their limits, with buttons that ask the worker to re-read templates from the platform. */
export function AccountsPanel({ accounts, canSync }: { accounts: AccountRow[]; canSync: boolean }) {
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

  return (
    <section aria-labelledby="accounts-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="accounts-heading" className="text-lg font-semibold text-slate-900">Connected numbers</h2>
          <p className="mt-1 text-sm text-slate-600">Quality and messaging limits as last read from the platform.</p>
        </div>
        {canSync && accounts.length > 1 && (
          <button type="button" className={buttonClass} disabled={sync.isPending} onClick={() => sync.mutate({})}>
            {pendingFor === 'all' ? 'Requesting…' : 'Sync all templates now'}
          </button>
        )}
      </div>

      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {sync.isSuccess && (
          <p className="text-emerald-800">
            Template sync requested for {sync.data.accounts === 1 ? 'one number' : `${sync.data.accounts} numbers`}. The list below updates in a few seconds.
          </p>
        )}
        {sync.isError && <p role="alert" className="text-red-700">{sync.error.message || 'Couldn’t request the sync. Please try again.'}</p>}
        {!canSync && <p className="text-slate-600">Only owners, admins and marketers can sync templates.</p>}
      </div>

      {accounts.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          No number is connected to this organization yet.
        </p>
      ) : (
        <div tabIndex={0} className="relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Name</th>
                <th scope="col" className="px-4 py-3">Number</th>
                <th scope="col" className="px-4 py-3">Quality</th>
                <th scope="col" className="px-4 py-3">Limit tier</th>
                <th scope="col" className="px-4 py-3">Limits synced</th>
                {canSync && <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {accounts.map((account) => (
                <tr key={account.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{account.name}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{account.phoneNumber}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${qualityStyles[account.qualityRating]}`}>
                      {account.qualityRating}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{account.tier ?? 'Not synced'}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatTime(account.limitsSyncedAt)}</td>
                  {canSync && (
                    <td className="px-4 py-3 text-right">
                      <button
                        type="button"
                        className={buttonClass}
                        disabled={sync.isPending}
                        onClick={() => sync.mutate({ accountId: account.id })}
                      >
                        {pendingFor === account.id ? 'Requesting…' : 'Sync templates now'}
                        <span className="sr-only"> for {account.name}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
