import createNextIntlPlugin from 'next-intl/plugin';

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
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      {
        source: '/:path((?!api/media/|v1/media/).*)',
        headers: [{ key: 'Content-Security-Policy', value: "frame-ancestors 'none'" }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
