import { randomBytes } from 'node:crypto';

// Not a PHC string, so password verification always fails on it (see verifyPassword), and
// it tells "invited, has not chosen a password yet" apart from a real password.
const PREFIX = 'invited$';

/** The password hash of an account created by an invitation: unusable and random per account. */
export function unusablePasswordHash(): string {
  return PREFIX + randomBytes(24).toString('base64url');
}

export function isAwaitingPassword(passwordHash: string): boolean {
  return passwordHash.startsWith(PREFIX);
}
