import type { Metadata } from 'next';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { ApiKeysPanel } from './_components/api-keys-panel';

export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage() {
  const { active } = await requireDashboard('/api-keys');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="API keys" org={active}>
        <p className="mt-3 max-w-2xl text-sm text-slate-600">
          Keys your systems send as <code className="font-mono text-xs">Authorization: Bearer …</code> to call the messaging API.
          Each key holds only the scopes it needs; a change here takes effect on the next request.
        </p>
      </PageHeader>
      {active && <ApiKeysPanel />}
    </div>
  );
}
