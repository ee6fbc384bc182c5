import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildDir } from '@/server/http/build-stamp';
import type { CompiledRoute } from '@/server/http/direct-agent-routes';
import { directRoutes } from '@/server/http/direct-route-table';

/**
 * The Next.js internals the web server relies on for its direct routes (direct-agent-routes.ts),
 * checked against the build: a compiled app route module exposes the route file's exports as
 * `routeModule.userland.<METHOD>`. A Next.js upgrade that changes this fails here.
 */
const nextVersion = (createRequire(import.meta.url)('next/package.json') as { version: string }).version;

test(`the build's route modules expose each direct route's handler as routeModule.userland.<METHOD> (Next.js ${nextVersion})`, async () => {
  const require = createRequire(import.meta.url);
  for (const route of directRoutes) {
    const compiled = require(join(process.cwd(), buildDir(), 'server/app', `${route.file}.js`)) as CompiledRoute;
    assert.ok(compiled.routeModule, `${route.file}.js exports routeModule`);
    await compiled.routeModule.ensureUserland?.();
    for (const method of route.methods) {
      assert.equal(typeof compiled.routeModule.userland?.[method], 'function', `${route.file}.js: routeModule.userland.${method}`);
    }
    // It is the route file's own exports: agentMethods answers every other method too.
    assert.equal(typeof compiled.routeModule.userland?.OPTIONS, 'function', `${route.file}.js: routeModule.userland.OPTIONS`);
  }
});
