import { createRequire } from 'node:module';
import createNextIntlPlugin from 'next-intl/plugin';

/** Shared with the routes the web server answers itself (server/http/direct-agent-routes.ts). */
const securityHeaders = createRequire(import.meta.url)('./server/http/security-headers.json');
const headerList = (headers) => Object.entries(headers).map(([key, value]) => ({ key, value }));

// The dashboard's language comes from server/i18n/request.ts (no locale in the URL).
const withNextIntl = createNextIntlPlugin('./server/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages with native or wasm parts stay outside the server bundle.
  serverExternalPackages: ['@node-rs/argon2', 'pino', 'bullmq', 'ioredis', 'pg', '@prisma/adapter-pg'],
  poweredByHeader: false,
  // Lets two builds (say a test build and a running demo) live side by side.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  typedRoutes: false,
  // On every response: no page of this app may be framed (clickjacking), nothing is sniffed into
  // another type, and other sites see only our origin as referrer. These headers win over a route
  // handler's own, so the media routes, which send a stricter CSP of their own
  // (server/media/media-response-headers.ts), are left out of the CSP rule.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: headerList(securityHeaders.everywhere),
      },
      {
        source: '/:path((?!api/media/|v1/media/).*)',
        headers: headerList(securityHeaders.exceptMedia),
      },
    ];
  },
};

export default withNextIntl(nextConfig);
