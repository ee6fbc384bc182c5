import type { JWT } from 'next-auth/jwt';
import { currentSessionVersion } from './session-version';

/** A session unused this long is over; each visit to the dashboard renews it (NextAuth maxAge). */
export const SESSION_IDLE_S = 12 * 60 * 60;
/** However often it is renewed, a session ends this long after its sign-in. */
export const SESSION_ABSOLUTE_S = 7 * 24 * 60 * 60;

/** Thrown by the JWT callback for a session that is over; NextAuth then reads no session and clears the cookie. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

const nowS = () => Math.floor(Date.now() / 1000);

/** The claims a new session's JWT starts with: the version it belongs to and when the user signed in. */
export function newSessionClaims(token: JWT, user: { sessionVersion: number }): JWT {
  return { ...token, sessionVersion: user.sessionVersion, signedInAt: nowS() };
}

/** Throws SessionEndedError unless the session is within 7 days of its sign-in and its version is current. */
export async function assertSessionCurrent(token: JWT): Promise<void> {
  if (typeof token.signedInAt !== 'number' || nowS() - token.signedInAt > SESSION_ABSOLUTE_S) {
    throw new SessionEndedError('the session is older than its absolute lifetime');
  }
  if (!token.sub || token.sessionVersion !== (await currentSessionVersion(token.sub))) {
    throw new SessionEndedError('the session was ended (signed out, membership removed or password changed)');
  }
}
