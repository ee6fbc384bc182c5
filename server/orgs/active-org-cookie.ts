import { config } from '@/server/config';

/** The httpOnly cookie that remembers which organization the dashboard shows. */
export const ACTIVE_ORG_COOKIE = 'active_org';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** A Set-Cookie value selecting the organization; `Secure` whenever the app is served over https. */
export function serializeActiveOrgCookie(orgId: string): string {
  const parts = [`${ACTIVE_ORG_COOKIE}=${encodeURIComponent(orgId)}`, 'Path=/', `Max-Age=${ONE_YEAR_S}`, 'HttpOnly', 'SameSite=Lax'];
  if (config.APP_URL.startsWith('https://')) parts.push('Secure');
  return parts.join('; ');
}
