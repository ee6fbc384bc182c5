import { db } from '@/server/db';
import { hashPassword, verifyPassword } from './password';

export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string;
  /** The session version a session signed in now belongs to (server/auth/session-version.ts). */
  sessionVersion: number;
}

// Verified against when the email is unknown, so a miss costs as long as a wrong password
// and response times do not reveal which emails have accounts.
const decoyHash = hashPassword('decoy-password-for-unknown-emails');

/** The user whose email and password match, or null. Emails compare case-insensitively. */
export async function verifyCredentials(email: string, password: string): Promise<AuthenticatedUser | null> {
  const user = await db.user.findFirst({
    where: { email: { equals: email.trim(), mode: 'insensitive' } },
    omit: { passwordHash: false },
  });
  if (!user) {
    await verifyPassword(await decoyHash, password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
}
