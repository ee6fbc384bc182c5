import type { Metadata } from 'next';
import { ComingSoon } from '../_components/coming-soon';
import { requireDashboard } from '../_lib/load-dashboard';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function CampaignsPage() {
  const { active } = await requireDashboard('/campaigns');
  return (
    <ComingSoon
      title="Campaigns"
      org={active}
      promise="You will send an approved template to many customers at once here, and follow its deliveries and reads."
    />
  );
}
