import { getSessionUser } from '@/server/auth/get-session-user';
import { ACTIVE_ORG_COOKIE } from '@/server/orgs/active-org-cookie';
import { resolveActiveOrg } from '@/server/orgs/resolve-active-org';
import { readCookie } from '@/server/trpc/read-cookie';

/** For dashboard route handlers: the signed-in user's active organization, or null (answer 401). */
export async function resolveDashboardOrg(request: Request): Promise<{ userId: string; orgId: string } | null> {
  const user = await getSessionUser();
  if (!user) return null;
  const { active } = await resolveActiveOrg({ userId: user.id, requestedOrgId: readCookie(request.headers.get('cookie'), ACTIVE_ORG_COOKIE) });
  return active ? { userId: user.id, orgId: active.orgId } : null;
}
