import type { Metadata } from 'next';
import { ComingSoon } from '../_components/coming-soon';
import { requireDashboard } from '../_lib/load-dashboard';

export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage() {
  const { active } = await requireDashboard('/api-keys');
  return (
    <ComingSoon
      title="API keys"
      org={active}
      promise="You will create, scope and revoke the keys your systems use to call the messaging API here."
    />
  );
}
