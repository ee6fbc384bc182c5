import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { listAccounts } from '@/server/accounts/list-accounts';
import { DomainError } from '@/server/errors/domain-error';
import { canSyncTemplates } from '@/server/templates/template-sync-permission';
import { templateForBuilder } from '@/server/templates/templates-as-member';
import { PageHeader } from '../../../_components/page-header';
import { requireDashboard } from '../../../_lib/load-dashboard';
import { builderStateOf } from '../../_components/builder-state';
import { TemplateBuilder } from '../../_components/template-builder';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('templates'))('editTitle') };
}

/** A decided template (approved, rejected, paused) changed and sent back to review; name and language stay. */
export default async function EditTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { active } = await requireDashboard(`/templates/${encodeURIComponent(id)}/edit`);
  const t = await getTranslations('templates');
  if (!active) return <PageHeader title={t('editTitle')} org={null} />;
  if (!canSyncTemplates(active.role)) notFound();
  const source = await templateForBuilder(active.orgId, id).catch((error: unknown) =>
    error instanceof DomainError ? null : Promise.reject(error),
  );
  if (!source) notFound();
  const accounts = (await listAccounts(active.orgId)).map((a) => a.name);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('editNamed', { name: source.template.name })} org={active} />
      <TemplateBuilder mode="resubmit" templateId={id} initial={builderStateOf(source.input)} accounts={accounts} />
    </div>
  );
}
