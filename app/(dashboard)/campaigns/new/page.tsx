import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireDashboard } from '../../_lib/load-dashboard';
import { CampaignBuilder } from '../_components/campaign-builder';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('campaigns'))('new') };
}

export default async function NewCampaignPage() {
  await requireDashboard('/campaigns/new');
  const t = await getTranslations('campaigns');
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">{t('new')}</h1>
      <CampaignBuilder />
    </div>
  );
}
