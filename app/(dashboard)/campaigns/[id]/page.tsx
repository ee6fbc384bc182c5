import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireDashboard } from '../../_lib/load-dashboard';
import { CampaignDetail } from '../_components/campaign-detail';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('campaigns'))('campaign') };
}

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireDashboard(`/campaigns/${encodeURIComponent(id)}`);
  return (
    <div className="mx-auto max-w-5xl">
      <CampaignDetail id={id} />
    </div>
  );
}
