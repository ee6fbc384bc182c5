import { encode } from 'next-auth/jwt';
import { config } from '@/server/config';
import { newSessionClaims, SESSION_IDLE_S } from './session-lifetime';
import type { AuthenticatedUser } from './verify-credentials';

/**
 * A dashboard session minted outside NextAuth's own sign-in (the agent API's login and
 * invitation acceptance), identical to the one its credentials callback sets: the same JWT
 * claims (sub, name, email, the session version and sign-in time the jwt callback checks),
 * the same secret, cookie name and flags, so every route reads it as a NextAuth session.
 */
const secure = (process.env.NEXTAUTH_URL ?? config.APP_URL).startsWith('https://');
export const SESSION_COOKIE = `${secure ? '__Secure-' : ''}next-auth.session-token`;

export async function sessionSetCookie(user: AuthenticatedUser): Promise<string> {
  const token = newSessionClaims({ sub: user.id, name: user.name, email: user.email, picture: null }, user);
  const jwt = await encode({ token, secret: config.AUTH_SECRET, maxAge: SESSION_IDLE_S });
  const expires = new Date(Date.now() + SESSION_IDLE_S * 1000).toUTCString();
  return [`${SESSION_COOKIE}=${jwt}`, 'Path=/', `Expires=${expires}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}
