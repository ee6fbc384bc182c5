import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { WebhooksPanel } from './_components/webhooks-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('webhooks'))('title') };
}

export default async function WebhooksPage() {
  const { active } = await requireDashboard('/webhooks');
  const t = await getTranslations('webhooks');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        <p className="mt-3 max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      </PageHeader>
      {active && <WebhooksPanel />}
    </div>
  );
}
