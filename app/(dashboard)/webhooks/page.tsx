import type { Metadata } from 'next';
import { requireDashboard } from '../_lib/load-dashboard';
import { WebhooksPanel } from './_components/webhooks-panel';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const { active } = await requireDashboard('/webhooks');
  return (
    <div className="mx-auto max-w-5xl">
      <header className="border-b border-slate-200 pb-5">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Webhooks</h1>
        {active ? (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />
            <span className="sr-only">Organization: </span>
            <span data-testid="active-org-name" className="text-slate-900">{active.orgName}</span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">You are not a member of any organization yet. Ask an owner of your organization to invite you.</p>
        )}
        <p className="mt-3 max-w-2xl text-sm text-slate-600">
          Endpoints that receive message, campaign and account events. Deliveries are signed (Standard Webhooks) and retried
          for about 28 hours; every attempt is kept for 7 days.
        </p>
      </header>
      {active && <WebhooksPanel />}
    </div>
  );
}
