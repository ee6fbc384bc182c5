import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../_components/page-header';
import { requireDashboard, type PageQuery } from '../_lib/load-dashboard';
import { AgentsHome } from './_components/agents-home';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('agents'))('title') };
}

export default async function AgentsPage({ searchParams }: { searchParams: PageQuery }) {
  const { active } = await requireDashboard('/agents', searchParams);
  const t = await getTranslations('agents');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        <p className="mt-3 max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      </PageHeader>
      {active && <AgentsHome />}
    </div>
  );
}
