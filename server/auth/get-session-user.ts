import { getServerSession } from 'next-auth';
import { cache } from 'react';
import { authOptions } from './options';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The signed-in user from the NextAuth session cookie, or null. For server components, server
 * actions and route handlers; cached per request so a layout and its page decode the JWT once.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(authOptions);
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? user.email };
});
