import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { OrgMembership } from '@/server/orgs/list-memberships';

/** A dashboard page's title with the organization it shows, and an optional introduction. */
export async function PageHeader({ title, org, children }: { title: string; org: OrgMembership | null; children?: ReactNode }) {
  const t = await getTranslations('shell');
  return (
    <header className="border-b border-slate-200 pb-5">
      <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere text-slate-900">{title}</h1>
      {org ? (
        <p className="mt-2 inline-flex max-w-full items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
          <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-brand-600" />
          <span className="sr-only">{t('organizationLabel')}</span>
          <span data-testid="active-org-name" dir="auto" className="truncate text-slate-900" title={org.orgName}>
            {org.orgName}
          </span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t('notMember')}</p>
      )}
      {children}
    </header>
  );
}
