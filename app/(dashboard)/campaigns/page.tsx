import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { buttonClasses } from '../_components/kit/button';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { CampaignList } from './_components/campaign-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('campaigns'))('title') };
}

export default async function CampaignsPage() {
  const { active } = await requireDashboard('/campaigns');
  const t = await getTranslations('campaigns');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        {active && (
          <Link href="/campaigns/new" className={`mt-4 ${buttonClasses({ variant: 'primary', size: 'md' })}`}>
            {t('new')}
          </Link>
        )}
      </PageHeader>
      {active && <CampaignList />}
    </div>
  );
}
