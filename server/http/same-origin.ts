import { config } from '@/server/config';
import { dashboardRefusal } from '@/server/contract/dashboard-contract';

/**
 * Cross-site request forgery guard for routes that take the dashboard's session cookie and
 * change state. SameSite=Lax cookies still travel with requests from other ports and
 * subdomains of the same site, so the route checks who sent the request: a browser names the
 * page's origin in Origin (on every POST), or, if it sends none, says in Sec-Fetch-Site
 * whether the request came from the same origin. A request carrying neither is refused too:
 * scripts and integrators use the /v1 API with keys, not the session cookie.
 */
const appOrigin = new URL(config.APP_URL).origin;

export function isSameOriginRequest(headers: Headers): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin === appOrigin;
  return headers.get('sec-fetch-site') === 'same-origin';
}

/** A 403 JSON answer for a request from another origin, or null when it may go on. */
export function refuseCrossOrigin(request: Request): Response | null {
  if (isSameOriginRequest(request.headers)) return null;
  return dashboardRefusal(403, 'This request did not come from the dashboard, so it was refused.');
}
