import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { AccountStatusReason } from '@/server/accounts/account-health';
import { listAccounts } from '@/server/accounts/list-accounts';
import { config } from '@/server/config';
import { canManageMembers } from '@/server/orgs/member-permission';
import { canSyncTemplates } from '@/server/templates/template-sync-permission';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { AccountsPanel } from './_components/accounts-panel';
import { MembersPanel } from './_components/members-panel';
import { OrganizationPanel } from './_components/organization-panel';
import { SavedRepliesPanel } from './_components/saved-replies-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('settings'))('title') };
}

export default async function SettingsPage() {
  const { active } = await requireDashboard('/settings');
  const t = await getTranslations('settings');
  const accounts = active ? await listAccounts(active.orgId) : [];

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active} />

      {active && (
        <div className="mt-8 space-y-10">
          <OrganizationPanel key={active.orgId} name={active.orgName} canManage={canManageMembers(active.role)} />
          <MembersPanel />
          <AccountsPanel
            canSync={canSyncTemplates(active.role)}
            canManage={canManageMembers(active.role)}
            signup={{
              sdkUrl: config.PLATFORM_SDK_URL,
              appId: config.PLATFORM_APP_ID,
              configId: config.PLATFORM_SIGNUP_CONFIG_ID,
              apiVersion: config.PLATFORM_API_VERSION,
            }}
            accounts={accounts.map((account) => ({
              id: account.id,
              name: account.name,
              phoneNumber: account.displayPhoneNumber,
              wabaId: account.portfolio.wabaId,
              phoneId: account.phoneId,
              qualityRating: account.qualityRating,
              tier: account.portfolio.messagingLimitTier,
              limitsSyncedAt: account.portfolio.limitsSyncedAt?.toISOString() ?? null,
              status: account.status,
              statusReason: account.statusReason as AccountStatusReason | null,
            }))}
          />
          <SavedRepliesPanel />
        </div>
      )}
    </div>
  );
}
