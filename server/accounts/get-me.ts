import type { ApiCaller } from '@/server/api/authenticate';
import { db } from '@/server/db';
import { listAccounts } from './list-accounts';
import { presentAccount } from './present-account';

/** `GET /v1/me`: the organization, the calling key and the accounts, read fresh from the database. */
export async function getMe(caller: ApiCaller) {
  const [organization, accounts] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: caller.orgId }, select: { id: true, name: true, slug: true } }),
    listAccounts(caller.orgId),
  ]);
  const { key } = caller;
  return {
    organization,
    api_key: {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      rate_limit_per_min: key.rateLimitPerMin,
      expires_at: key.expiresAt?.toISOString() ?? null,
      last_used_at: (key.lastUsedAt ?? new Date()).toISOString(),
    },
    messaging_accounts: accounts.map((account) => ({
      ...presentAccount(account),
      limits_synced_at: account.portfolio.limitsSyncedAt?.toISOString() ?? null,
    })),
  };
}
