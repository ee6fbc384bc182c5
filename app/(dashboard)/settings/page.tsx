import type { Metadata } from 'next';
import { ComingSoon } from '../_components/coming-soon';
import { requireDashboard } from '../_lib/load-dashboard';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const { active } = await requireDashboard('/settings');
  return (
    <ComingSoon
      title="Settings"
      org={active}
      promise="You will manage your organization, its connected phone numbers and its team members here."
    />
  );
}
