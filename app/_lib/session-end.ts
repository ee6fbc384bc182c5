import { safeCallbackPath } from './safe-callback-path';

/** The sign-in page's query flag that makes it say "Your session ended". */
export const SESSION_ENDED_PARAM = 'ended';

/**
 * Where to send someone whose session ended while on `path` (path + query of the page): sign-in
 * with the notice, coming back to the same page. The return path goes through the same check
 * as the sign-in page's (same-site paths only), so this cannot build an open redirect either.
 */
export function sessionEndedUrl(path: string): string {
  const back = safeCallbackPath(path);
  return `/signin?${SESSION_ENDED_PARAM}=1&callbackUrl=${encodeURIComponent(back)}`;
}

let leaving = false;

/**
 * Leaves the dashboard for sign-in once, however many requests fail together with 401 (a
 * screen's queries, the live stream, an upload). A full navigation, not a client-side one:
 * nothing of the ended session's screens should keep running or polling.
 */
export function leaveForSignIn(): void {
  if (leaving || typeof window === 'undefined') return;
  leaving = true;
  window.location.assign(sessionEndedUrl(window.location.pathname + window.location.search));
}

/** For `fetch` callers: a 401 answer means the session ended; true when it did. */
export function endedSession(response: Response): boolean {
  if (response.status !== 401) return false;
  leaveForSignIn();
  return true;
}

/**
 * An EventSource gives no status when its server refuses it (it closes for good on a 401);
 * ask NextAuth's session endpoint whether the session is still there.
 */
export async function checkSessionStillThere(): Promise<void> {
  try {
    const response = await fetch('/api/auth/session', { cache: 'no-store' });
    if (!response.ok) return;
    const session = (await response.json()) as { user?: unknown } | null;
    if (!session?.user) leaveForSignIn();
  } catch {
    // offline: the screens say so; nothing tells us the session ended
  }
}
