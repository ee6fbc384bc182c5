import type { Metadata } from 'next';
import Link from 'next/link';
import { requireDashboard } from '../_lib/load-dashboard';
import { CampaignList } from './_components/campaign-list';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function CampaignsPage() {
  const { active } = await requireDashboard('/campaigns');
  return (
    <div className="mx-auto max-w-5xl">
      <header className="flex items-center justify-between border-b border-slate-200 pb-5">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Campaigns</h1>
        {active && <Link href="/campaigns/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white">New campaign</Link>}
      </header>
      {active ? <CampaignList /> : <p className="mt-4 text-sm text-slate-600">You are not a member of any organization yet.</p>}
    </div>
  );
}
