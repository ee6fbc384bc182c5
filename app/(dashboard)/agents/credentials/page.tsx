import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../../_components/page-header';
import { requireDashboard, type PageQuery } from '../../_lib/load-dashboard';
import { CredentialsPanel } from '../_components/credentials-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('agents.credentials'))('title') };
}

export default async function ProviderCredentialsPage({ searchParams }: { searchParams: PageQuery }) {
  const { active } = await requireDashboard('/agents/credentials', searchParams);
  const t = await getTranslations('agents.credentials');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active} />
      {active && <CredentialsPanel />}
    </div>
  );
}
