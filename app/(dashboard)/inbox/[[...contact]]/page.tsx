import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { listAccounts } from '@/server/accounts/list-accounts';
import { simulatorPanelEnabled } from '@/server/inbox/simulate-customer';
import { requireDashboard } from '../../_lib/load-dashboard';
import { InboxApp } from '../_components/inbox-app';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inbox.page');
  return { title: t('title') };
}

/**
 * `/inbox` and `/inbox/<contact id>`: one page, so opening another conversation (which
 * pushes its address) keeps the list, its filters and scroll position.
 */
export default async function InboxPage({ params }: { params: Promise<{ contact?: string[] }> }) {
  const { contact = [] } = await params;
  if (contact.length > 1) notFound();
  const { user, active } = await requireDashboard(contact[0] ? `/inbox/${contact[0]}` : '/inbox');
  const accounts = active ? await listAccounts(active.orgId) : [];
  const t = await getTranslations('inbox.page');

  return (
    <div className="-my-2 lg:-my-6">
      <header className="mb-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
        {active && (
          <p className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-brand-600" />
            <span className="sr-only">{t('organization')}</span>
            <span data-testid="active-org-name" dir="auto" className="truncate text-slate-900" title={active.orgName}>
              {active.orgName}
            </span>
          </p>
        )}
      </header>
      {active ? (
        <InboxApp
          key={active.orgId}
          userId={user.id}
          accounts={accounts.map((account) => ({ id: account.id, name: account.name }))}
          simulator={simulatorPanelEnabled()}
        />
      ) : (
        <p className="text-sm text-slate-600">{t('noOrganization')}</p>
      )}
    </div>
  );
}
