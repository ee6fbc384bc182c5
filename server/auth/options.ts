import type { NextAuthOptions } from 'next-auth';
import credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { config } from '@/server/config';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
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
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
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
    // `sub` already holds the user id; name and email are copied by NextAuth's defaults.
    session({ session, token }) {
      if (session.user && token.sub) session.user.id = token.sub;
      return session;
    },
  },
};
