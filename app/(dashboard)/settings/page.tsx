import type { Metadata } from 'next';
import { listAccounts } from '@/server/accounts/list-accounts';
import { canSyncTemplates } from '@/server/templates/template-sync-permission';
import { requireDashboard } from '../_lib/load-dashboard';
import { AccountsPanel } from './_components/accounts-panel';
import { TemplatesPanel } from './_components/templates-panel';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const { active } = await requireDashboard('/settings');
  const accounts = active ? await listAccounts(active.orgId) : [];

  return (
    <div className="mx-auto max-w-5xl">
      <header className="border-b border-slate-200 pb-5">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
        {active ? (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />
            <span className="sr-only">Organization: </span>
            <span data-testid="active-org-name" className="text-slate-900">{active.orgName}</span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">You are not a member of any organization yet. Ask an owner of your organization to invite you.</p>
        )}
      </header>

      {active && (
        <div className="mt-8 space-y-10">
          <AccountsPanel
            canSync={canSyncTemplates(active.role)}
            accounts={accounts.map((account) => ({
              id: account.id,
              name: account.name,
              phoneNumber: account.displayPhoneNumber,
              qualityRating: account.qualityRating,
              tier: account.portfolio.messagingLimitTier,
              limitsSyncedAt: account.portfolio.limitsSyncedAt?.toISOString() ?? null,
            }))}
          />
          <TemplatesPanel />
        </div>
      )}
    </div>
  );
}
