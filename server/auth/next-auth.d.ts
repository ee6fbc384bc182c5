import type { DefaultSession } from 'next-auth';

// The session the app reads always carries the user's id (set in authOptions.callbacks.session).
declare module 'next-auth' {
  interface Session {
    user: DefaultSession['user'] & { id: string };
  }
  // What authorize() returns (verifyCredentials): the version a new session belongs to.
  interface User {
    sessionVersion: number;
  }
}

// Claims of the session JWT beyond NextAuth's own (server/auth/session-lifetime.ts).
declare module 'next-auth/jwt' {
  interface JWT {
    sessionVersion?: number;
    /** Unix seconds of the sign-in, for the absolute lifetime. */
    signedInAt?: number;
  }
}
