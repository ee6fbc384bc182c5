import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { ReportsView } from './_components/reports-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reports'))('title') };
}

export default async function ReportsPage() {
  const { active } = await requireDashboard('/reports');
  const t = await getTranslations('reports');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        <p className="mt-2 text-sm text-slate-600">{t('intro')}</p>
      </PageHeader>
      {active && <ReportsView />}
    </div>
  );
}
