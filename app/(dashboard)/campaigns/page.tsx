import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { CampaignList } from './_components/campaign-list';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function CampaignsPage() {
  const { active } = await requireDashboard('/campaigns');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Campaigns" org={active}>
        {active && (
          <Link href="/campaigns/new" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            New campaign
          </Link>
        )}
      </PageHeader>
      {active && <CampaignList />}
    </div>
  );
}
