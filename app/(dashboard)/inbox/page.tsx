import type { Metadata } from 'next';
import { listAccounts } from '@/server/accounts/list-accounts';
import { simulatorPanelEnabled } from '@/server/inbox/simulate-customer';
import { requireDashboard } from '../_lib/load-dashboard';
import { InboxApp } from './_components/inbox-app';

export const metadata: Metadata = { title: 'Inbox' };

export default async function InboxPage() {
  const { user, active } = await requireDashboard('/inbox');
  const accounts = active ? await listAccounts(active.orgId) : [];

  return (
    <div className="-my-2 lg:-my-6">
      <header className="mb-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Inbox</h1>
        {active && (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />
            <span className="sr-only">Organization: </span>
            <span data-testid="active-org-name" className="text-slate-900">{active.orgName}</span>
          </p>
        )}
      </header>
      {active ? (
        <InboxApp
          key={active.orgId}
          userId={user.id}
          accounts={accounts.map((account) => ({ id: account.id, name: account.name }))}
          simulator={simulatorPanelEnabled()}
        />
      ) : (
        <p className="text-sm text-slate-600">You are not a member of any organization yet. Ask an owner of your organization to invite you.</p>
      )}
    </div>
  );
}
