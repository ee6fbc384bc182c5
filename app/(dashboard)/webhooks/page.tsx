import type { Metadata } from 'next';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { WebhooksPanel } from './_components/webhooks-panel';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const { active } = await requireDashboard('/webhooks');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Webhooks" org={active}>
        <p className="mt-3 max-w-2xl text-sm text-slate-600">
          Endpoints that receive message, campaign and account events. Deliveries are signed (Standard Webhooks) and retried
          for about 28 hours; every attempt is kept for 7 days.
        </p>
      </PageHeader>
      {active && <WebhooksPanel />}
    </div>
  );
}
