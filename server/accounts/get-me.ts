import type { ApiCaller } from '@/server/api/authenticate';
import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { getPgPool } from '@/server/db/pg';

/**
 * `GET /v1/me`: the organization, the calling key and the accounts. It is the API's cheapest
 * proof that a key works and is called often, so the organization's part comes from the
 * caller cache (seconds old at most; renames and account syncs drop it at once).
 */
export async function getMe(caller: ApiCaller) {
  const row = await cachedCallerLookup(`me:${caller.orgId}`, () => loadOrganizationView(caller.orgId));
  if (!row) throw new Error(`Organization ${caller.orgId} of key ${caller.keyId} is gone`);
  const { key } = caller;
  return {
    organization: row.organization,
    api_key: {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      rate_limit_per_min: key.rateLimitPerMin,
      expires_at: key.expiresAt?.toISOString() ?? null,
      last_used_at: (key.lastUsedAt ?? new Date()).toISOString(),
    },
    messaging_accounts: row.accounts,
  };
}

/** The organization and its accounts (with their portfolios' limits) in one statement. */
async function loadOrganizationView(orgId: string) {
  const { rows } = await getPgPool().query<{ organization: { id: string; name: string; slug: string }; accounts: unknown[] }>({
    name: 'get-me',
    text: `SELECT json_build_object('id', o.id, 'name', o.name, 'slug', o.slug) AS organization,
             COALESCE(json_agg(json_build_object(
               'id', a.id, 'name', a.name, 'display_phone_number', a.display_phone_number, 'phone_id', a.phone_id,
               'is_default_outgoing', a.is_default_outgoing, 'quality_rating', a.quality_rating,
               'messaging_limit_tier', p.messaging_limit_tier, 'messaging_limit', p.messaging_limit,
               'status', a.status, 'status_reason', a.status_reason,
               'limits_synced_at', to_char(p.limits_synced_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             ) ORDER BY a.is_default_outgoing DESC, a.name) FILTER (WHERE a.id IS NOT NULL), '[]') AS accounts
           FROM organizations o
           LEFT JOIN accounts a ON a.org_id = o.id
           LEFT JOIN business_portfolios p ON p.id = a.portfolio_id
           WHERE o.id = $1
           GROUP BY o.id`,
    values: [orgId],
  });
  return rows[0] ?? null;
}
