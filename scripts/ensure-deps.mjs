// Installs npm packages and generates the Prisma client when they are missing or stale, so
// `npm test` and `npm run demo` work on a fresh checkout. Plain JavaScript: it runs before
// anything is installed.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const run = (cmd, args, env = {}) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });

if (mtime('node_modules/.package-lock.json') < mtime('package-lock.json')) {
  console.error('Installing npm packages...');
  // `npm install` rather than `npm ci`: the registry reachable here has no builds of native
  // packages for other platforms, so the lockfile cannot list them and `npm ci` would refuse it.
  // Versions still come from package-lock.json.
  run('npm', ['install', '--no-audit', '--no-fund']);
}

if (mtime('server/db/generated/client.ts') < mtime('prisma/schema.prisma')) {
  console.error('Generating the Prisma client...');
  // The CLI wants a schema-engine binary it would download; generating the client needs none,
  // so any existing file satisfies the check.
  run('npx', ['prisma', 'generate'], { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath });
}
