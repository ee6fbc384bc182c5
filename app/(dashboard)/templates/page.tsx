import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { canSyncTemplates } from '@/server/templates/template-sync-permission';
import { buttonClasses } from '../_components/kit';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { TemplatesList } from './_components/templates-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('templates'))('title') };
}

export default async function TemplatesPage() {
  const { active } = await requireDashboard('/templates');
  const t = await getTranslations('templates');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
          {active && canSyncTemplates(active.role) && (
            <Link href="/templates/new" className={buttonClasses({ variant: 'primary' })}>
              {t('new')}
            </Link>
          )}
        </div>
      </PageHeader>
      {active && <TemplatesList />}
    </div>
  );
}
