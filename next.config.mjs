/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages with native or wasm parts stay outside the server bundle.
  serverExternalPackages: ['@node-rs/argon2', 'pino', 'bullmq', 'ioredis', 'pg', '@prisma/adapter-pg'],
  poweredByHeader: false,
  // Lets two builds (say a test build and a running demo) live side by side.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  typedRoutes: false,
};

export default nextConfig;
