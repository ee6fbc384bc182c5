import type { Metadata } from 'next';
import { requireDashboard } from '../../_lib/load-dashboard';
import { CampaignBuilder } from '../_components/campaign-builder';

export const metadata: Metadata = { title: 'New campaign' };

export default async function NewCampaignPage() {
  await requireDashboard('/campaigns/new');
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">New campaign</h1>
      <CampaignBuilder />
    </div>
  );
}
