import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { after, before, test } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { db } from '@/server/db';
import { createApiKey } from '../api-factories';
import { createAgent, createAgentKey, createAgentTenant } from '../agent-factories';
import { appUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * `npm run dev` serves the same routes as production: the same requests, to the test stack's
 * production server and to serve.ts in development mode (started here on a port of its own),
 * get the same answers and headers: the /v1 and /agent/v1 edge, a direct widget route, the
 * security headers. Development compiles each route on its first request, so few are asked.
 */
const ORIGIN = 'https://shop.example.com';
const devUrl = `http://localhost:${Number(new URL(appUrl).port) + 7}`;
let dev: ChildProcess;
let apiKey: string;
let publishable: string;

before(async () => {
  dev = spawn(process.execPath, ['--import', 'tsx', 'server/http/serve.ts', '--dev'], {
    env: { ...process.env, NODE_ENV: 'development', PORT: new URL(devUrl).port, SERVICE_NAME: 'web-dev' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops the compilers it starts too.
    detached: true,
  });
  const log = createWriteStream('test-results/logs/web-dev.log');
  dev.stdout?.pipe(log);
  dev.stderr?.pipe(log);
  const tenant = await createAgentTenant();
  apiKey = (await createApiKey(tenant.org.id)).key;
  await createAgent(tenant.project.id, {
    model: { id: 'openai/gpt-4.1-mini' },
    channels: { widget: { enabled: true, greeting: { en: 'Hello!', ar: 'مرحبا!' } } },
  });
  publishable = (await createAgentKey(tenant.project.id, { type: 'publishable', allowedOrigins: [ORIGIN] })).key;
  await waitFor(
    'the development server',
    async () => {
      if (dev.exitCode !== null) throw new Error(`the development server exited with ${dev.exitCode}; see test-results/logs/web-dev.log`);
      return (await fetch(`${devUrl}/api/health`).catch(() => null))?.ok;
    },
    240_000,
  );
});

after(async () => {
  if (dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid!, 'SIGTERM');
    await exited;
  }
  await db.$disconnect();
});

const headersCompared = [
  'content-type',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'agent-version',
  'content-language',
  'access-control-allow-origin',
  'allow',
];

/** An answer as compared between the servers: status, the headers above, and the body without its request id and times (a key's last use). */
async function answerOf(base: string, path: string, init: { method?: string; headers?: Record<string, string> }) {
  const res = await undiciFetch(`${base}${path}`, init);
  const text = await res.text();
  assert.match(res.headers.get('request-id') ?? '', /^req_/, `${path} has a request id`);
  const requestId = res.headers.get('request-id')!;
  return {
    status: res.status,
    headers: Object.fromEntries(headersCompared.map((name) => [name, res.headers.get(name)])),
    body: text.replaceAll(requestId, 'req_').replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"'),
  };
}

test(
  'the development server answers /v1 and /agent/v1 as production does, a direct widget route and the edge included',
  { timeout: 600_000 },
  async () => {
    const requests: Array<[string, { method?: string; headers?: Record<string, string> }]> = [
      ['/v1/me', { headers: { authorization: `Bearer ${apiKey}` } }],
      ['/v1/contacts', { method: 'PROPFIND' }],
      ['/agent/v1/widget/config', { headers: { authorization: `Bearer ${publishable}`, origin: ORIGIN, 'accept-language': 'en' } }],
      ['/agent/v1/widget/config', { headers: { authorization: `Bearer ${publishable}`, origin: 'https://evil.example' } }],
      ['/agent/v1/widget/token', { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } }],
      ['/agent/v1/agents', { headers: { authorization: 'Bearer agk_live_not_a_key' } }],
    ];
    for (const [path, init] of requests) {
      const production = await answerOf(appUrl, path, init);
      const development = await answerOf(devUrl, path, init);
      assert.deepEqual(development, production, `${init.method ?? 'GET'} ${path}`);
      assert.equal(production.headers['x-frame-options'], 'DENY', `${path} carries the security headers`);
    }
  },
);
