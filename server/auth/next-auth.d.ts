import type { DefaultSession } from 'next-auth';

// The session the app reads always carries the user's id (set in authOptions.callbacks.session).
declare module 'next-auth' {
  interface Session {
    user: DefaultSession['user'] & { id: string };
  }
}
