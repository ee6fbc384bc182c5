import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { listAccounts } from '@/server/accounts/list-accounts';
import { DomainError } from '@/server/errors/domain-error';
import { canSyncTemplates } from '@/server/templates/template-sync-permission';
import { templateForBuilder } from '@/server/templates/templates-as-member';
import { buttonClasses, EmptyState } from '../../_components/kit';
import { PageHeader } from '../../_components/page-header';
import { requireDashboard } from '../../_lib/load-dashboard';
import { builderStateOf, newBuilderState } from '../_components/builder-state';
import { TemplateBuilder } from '../_components/template-builder';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('templates'))('newTitle') };
}

/** A new template, or (`?from=<id>`) a copy of one to write in another language. */
export default async function NewTemplatePage({ searchParams }: { searchParams: Promise<{ from?: string }> }) {
  const { from } = await searchParams;
  const { active } = await requireDashboard('/templates/new', searchParams);
  const t = await getTranslations('templates');
  if (!active) return <PageHeader title={t('newTitle')} org={null} />;
  if (!canSyncTemplates(active.role)) notFound();
  const accounts = (await listAccounts(active.orgId)).filter((a) => a.status !== 'disconnected').map((a) => a.name);
  const source = from
    ? await templateForBuilder(active.orgId, from).catch((error: unknown) => (error instanceof DomainError ? null : Promise.reject(error)))
    : null;
  const initial = source ? { ...builderStateOf(source.input), language: '' } : newBuilderState(accounts[0] ?? '');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={source ? t('copyTitle', { name: source.template.name }) : t('newTitle')} org={active} />
      {accounts.length === 0 ? (
        <EmptyState
          className="mt-8"
          text={t('noNumber')}
          action={
            <Link href="/settings" className={buttonClasses({ variant: 'primary' })}>
              {t('connectNumber')}
            </Link>
          }
        />
      ) : (
        <TemplateBuilder mode="create" initial={initial} accounts={accounts} />
      )}
    </div>
  );
}
