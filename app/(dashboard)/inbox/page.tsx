import type { Metadata } from 'next';
import { ComingSoon } from '../_components/coming-soon';
import { requireDashboard } from '../_lib/load-dashboard';

export const metadata: Metadata = { title: 'Inbox' };

export default async function InboxPage() {
  const { active } = await requireDashboard('/inbox');
  return (
    <ComingSoon
      title="Inbox"
      org={active}
      promise="Your team will read and answer customer conversations here, with notes and assignments."
    />
  );
}
