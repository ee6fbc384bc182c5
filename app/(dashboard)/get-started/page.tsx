import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { SetupChecklist } from './_components/setup-checklist';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('setup'))('title') };
}

/** Where a new organization lands (app/page.tsx) until its setup is done or put away: the setup checklist. */
export default async function GetStartedPage() {
  const { active } = await requireDashboard('/get-started');
  const t = await getTranslations('setup');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        <p className="mt-3 max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      </PageHeader>
      {active && <SetupChecklist key={active.orgId} />}
    </div>
  );
}
