import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getSessionUser } from '@/server/auth/get-session-user';
import { ACTIVE_ORG_COOKIE } from '@/server/orgs/active-org-cookie';
import { resolveActiveOrg } from '@/server/orgs/resolve-active-org';

/** The user's organizations and the active one, once per request however many components ask. */
export const loadActiveOrg = cache(async (userId: string) => {
  const requestedOrgId = (await cookies()).get(ACTIVE_ORG_COOKIE)?.value;
  return resolveActiveOrg({ userId, requestedOrgId });
});

/** A page's query, as Next.js hands it to the page. */
export type PageQuery = Promise<Record<string, string | string[] | undefined>>;

/**
 * For dashboard pages: the signed-in user and their organizations, or a redirect to sign-in
 * that comes back to `path` with the page's `query` (the agent pages' `?project=`). Pages call
 * this themselves because a layout does not know the path and is not re-run on client-side
 * navigation.
 */
export async function requireDashboard(path: string, query?: PageQuery) {
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(path + queryString(query ? await query : {}))}`);
  return { user, ...(await loadActiveOrg(user.id)) };
}

function queryString(query: Record<string, string | string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value ?? []].flat()) params.append(name, one);
  const text = params.toString();
  return text ? `?${text}` : '';
}
