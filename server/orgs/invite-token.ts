import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '@/server/config';

/**
 * Invitation links need no table: the token signs the user id, an expiry and the user's current
 * password hash. Setting the password changes the hash, so a used link stops verifying, and
 * nobody without AUTH_SECRET can make one.
 */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface InviteToken {
  userId: string;
  expiresAt: Date;
}

function sign(userId: string, expiresAtS: number, passwordHash: string): string {
  return createHmac('sha256', config.AUTH_SECRET).update(`invite\n${userId}\n${expiresAtS}\n${passwordHash}`).digest('base64url');
}

export function createInviteToken(user: { id: string; passwordHash: string }, now = new Date()): string {
  const expiresAtS = Math.floor((now.getTime() + INVITE_TTL_MS) / 1000);
  return `${user.id}.${expiresAtS}.${sign(user.id, expiresAtS, user.passwordHash)}`;
}

/** The token's claims when it is well formed and not expired; the signature is checked by `inviteTokenMatches`. */
export function readInviteToken(token: string, now = new Date()): InviteToken | null {
  const match = /^([A-Za-z0-9_]{1,64})\.(\d{1,12})\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match) return null;
  const expiresAt = new Date(Number(match[2]) * 1000);
  return expiresAt > now ? { userId: match[1] as string, expiresAt } : null;
}

/** Whether the token was signed by us for this user while their password hash was `passwordHash`. */
export function inviteTokenMatches(token: string, passwordHash: string): boolean {
  const [userId, expiresAtS, signature] = token.split('.') as [string, string, string];
  const expected = Buffer.from(sign(userId, Number(expiresAtS), passwordHash));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function inviteUrl(token: string): string {
  return `${config.APP_URL}/invite/${token}`;
}
