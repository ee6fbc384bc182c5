import { createHash, randomBytes } from 'node:crypto';

/**
 * A reset link's token: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored,
 * so whoever reads the database cannot use a link; the token itself lives only in the mail.
 */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether the text could be a token at all; anything else is refused before the database is asked. */
export function isResetTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
