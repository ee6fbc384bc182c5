import type { Metadata } from 'next';
import { ComingSoon } from '../_components/coming-soon';
import { requireDashboard } from '../_lib/load-dashboard';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const { active } = await requireDashboard('/webhooks');
  return (
    <ComingSoon
      title="Webhooks"
      org={active}
      promise="You will register endpoints that receive delivery and reply events here, and inspect every delivery attempt."
    />
  );
}
