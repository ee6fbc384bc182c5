import type { NextAuthOptions } from 'next-auth';
import credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { config } from '@/server/config';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import { logger } from '@/server/logger';
import { assertSessionCurrent, newSessionClaims, SESSION_IDLE_S, SessionEndedError } from './session-lifetime';
import { endSessions } from './session-version';
import { limitSignInFailures } from './sign-in-throttle';
import { verifyCredentials } from './verify-credentials';

// NextAuth builds its callback and redirect URLs from NEXTAUTH_URL. Defaulting it to APP_URL
// lets one setting (APP_URL) move the app to another port or host; an explicit NEXTAUTH_URL wins.
process.env.NEXTAUTH_URL ??= config.APP_URL;

// next-auth ships CommonJS: bundlers unwrap its default export, Node's own ESM loader (scripts and
// tests run with tsx) hands over the whole exports object instead.
const CredentialsProvider = (credentials as unknown as { default?: typeof credentials }).default ?? credentials;

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

export const authOptions: NextAuthOptions = {
  secret: config.AUTH_SECRET,
  // Sliding: NextAuth issues a JWT session's cookie again, for maxAge more, whenever it is read
  // through /api/auth/session (the dashboard's SessionProvider does on load and on focus); it
  // ignores updateAge for JWT sessions. The 7-day cap is checked in the jwt callback.
  session: { strategy: 'jwt', maxAge: SESSION_IDLE_S },
  pages: { signIn: '/signin' },
  providers: [
    CredentialsProvider({
      name: 'Email and password',
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
      },
      async authorize(credentials, req) {
        const parsed = credentialsSchema.safeParse(credentials);
        if (!parsed.success) return null;
        const { email, password } = parsed.data;
        // Set by server/http/serve.ts from the socket (or a trusted proxy), as for the /v1 API.
        const address = String(req.headers?.[CLIENT_ADDRESS_HEADER] ?? '');
        return limitSignInFailures(email, address, () => verifyCredentials(email, password));
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) return newSessionClaims(token, user);
      await assertSessionCurrent(token);
      return token;
    },
    // `sub` already holds the user id; name and email are copied by NextAuth's defaults.
    session({ session, token }) {
      if (session.user && token.sub) session.user.id = token.sub;
      return session;
    },
  },
  events: {
    async signOut({ token }) {
      if (token?.sub) await endSessions(token.sub);
    },
  },
  logger: {
    error(code, metadata) {
      // A session that is over is routine (it ends by design), not a failure.
      if (metadata instanceof SessionEndedError) logger.debug({ code, reason: metadata.message }, 'session refused');
      else logger.error({ code, err: metadata }, 'next-auth error');
    },
    warn(code) {
      logger.warn({ code }, 'next-auth warning');
    },
    debug(code, metadata) {
      logger.debug({ code, metadata }, 'next-auth debug');
    },
  },
};
