import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { canSyncTemplates } from '@/server/templates/template-sync-permission';
import { requireDashboard } from '../../_lib/load-dashboard';
import { TemplateDetail } from '../_components/template-detail';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('templates'))('title') };
}

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { active } = await requireDashboard(`/templates/${encodeURIComponent(id)}`);
  const t = await getTranslations('templates');
  return (
    <div className="mx-auto max-w-6xl">
      <Link href="/templates" className="text-sm font-medium text-brand-700 hover:underline">
        {t('back')}
      </Link>
      {active && <TemplateDetail id={id} canWrite={canSyncTemplates(active.role)} />}
    </div>
  );
}
