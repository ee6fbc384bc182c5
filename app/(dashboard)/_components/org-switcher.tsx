'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { OrgMembership } from '@/server/orgs/list-memberships';
import { Alert } from '@/app/(dashboard)/_components/kit';
import { isolateText } from '@/server/i18n/bidi-text';
import { Bidi } from '@/app/_components/bidi';

/**
 * Shows the active organization; with more than one it is a select that switches. The switch
 * is stored server-side (cookie) and then every query and server component is reloaded, so no
 * screen keeps showing the previous organization's data.
 */
export function OrgSwitcher({ memberships, activeOrgId }: { memberships: OrgMembership[]; activeOrgId: string | null }) {
  const t = useTranslations('shell');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const switchOrg = useMutation(
    trpc.session.switchOrg.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        startRefresh(() => router.refresh());
      },
    }),
  );
  const busy = switchOrg.isPending || refreshing;
  const active = memberships.find((m) => m.orgId === activeOrgId);

  if (memberships.length <= 1) {
    return (
      <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
        <p className="text-xs font-medium text-slate-600">{t('organization')}</p>
        <p className="text-sm font-semibold wrap-anywhere text-slate-900">{active ? <Bidi text={active.orgName} /> : t('noOrganization')}</p>
        {active && <p className="text-xs text-slate-600">{tCommon(`roles.${active.role}`)}</p>}
      </div>
    );
  }

  return (
    <div>
      <label htmlFor="org-switcher" className="mb-1 block px-1 text-xs font-medium text-slate-600">
        {t('organization')}
      </label>
      <select
        id="org-switcher"
        value={switchOrg.isPending ? switchOrg.variables.orgId : (activeOrgId ?? '')}
        onChange={(event) => switchOrg.mutate({ orgId: event.target.value })}
        disabled={busy}
        aria-describedby={switchOrg.isError ? 'org-switcher-error' : undefined}
        title={active ? isolateText(active.orgName) : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white ps-2 pe-1 py-2 text-sm font-medium text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:opacity-60"
      >
        {/* Names only: the closed select cannot wrap, and a role after the name pushed it out of view (the role is said below). */}
        {memberships.map((m) => (
          <option key={m.orgId} value={m.orgId}>
            {isolateText(m.orgName)}
          </option>
        ))}
      </select>
      {active && <p className="mt-1 px-1 text-xs text-slate-600">{t('yourRole', { role: tCommon(`roles.${active.role}`) })}</p>}
      {switchOrg.isError && (
        <Alert id="org-switcher-error" className="mt-1 px-1 text-xs">
          {t('switchFailed')}
        </Alert>
      )}
    </div>
  );
}
