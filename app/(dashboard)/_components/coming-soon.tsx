import type { OrgMembership } from '@/server/orgs/list-memberships';

interface ComingSoonProps {
  title: string;
  org: OrgMembership | null;
  /** What the section will let people do, in one sentence. */
  promise: string;
}

/** A friendly empty state for a section whose feature ships in a later release. */
export function ComingSoon({ title, org, promise }: ComingSoonProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <header className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 pb-5">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {org ? (
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />
              <span className="sr-only">Organization: </span>
              <span data-testid="active-org-name" className="text-slate-900">{org.orgName}</span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">You are not a member of any organization yet.</p>
          )}
        </div>
      </header>

      <section aria-labelledby="coming-soon-heading" className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center shadow-xs sm:px-12">
        <span aria-hidden="true" className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="size-6">
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 6v6l4 2m5-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
          </svg>
        </span>
        <h2 id="coming-soon-heading" className="mt-4 text-lg font-semibold text-slate-900">
          This section isn’t built yet
        </h2>
        <p className="mx-auto mt-2 max-w-md text-sm leading-6 text-slate-600">
          This part of the dashboard is coming in a later release. {promise}
        </p>
        {!org && (
          <p className="mx-auto mt-4 max-w-md text-sm text-slate-600">Ask an owner of your organization to invite you.</p>
        )}
      </section>
    </div>
  );
}
