import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { RunningAiSimulator } from '@/simulator/ai/server';
import { checkProviderCredential } from './check-provider-credential';
import { ProviderFailure } from './provider-failure';
import { freshKey, startSimulator } from './provider-test-support';

let simulator: RunningAiSimulator;
let noModelsRoute: Server;
let noModelsRouteUrl: string;
before(async () => {
  simulator = await startSimulator();
  noModelsRoute = await startServerWithoutModelsRoute();
  noModelsRouteUrl = `http://127.0.0.1:${(noModelsRoute.address() as AddressInfo).port}/v1`;
});
after(async () => {
  noModelsRoute.closeAllConnections();
  await Promise.all([simulator.close(), new Promise((resolve) => noModelsRoute.close(resolve))]);
});

const openaiBase = () => `${simulator.url}/openai/v1`;
const anthropicBase = () => `${simulator.url}/anthropic`;

test('a working key is valid, for each provider', async () => {
  assert.deepEqual(await checkProviderCredential({ provider: 'openai', apiKey: freshKey(), baseURL: openaiBase() }), { status: 'valid' });
  assert.deepEqual(await checkProviderCredential({ provider: 'openai_compatible', apiKey: freshKey(), baseURL: openaiBase() }), {
    status: 'valid',
  });
  assert.deepEqual(await checkProviderCredential({ provider: 'anthropic', apiKey: freshKey(), baseURL: anthropicBase() }), { status: 'valid' });
});

test('a revoked key is invalid', async () => {
  const revoked = { status: 'invalid', providerStatus: 401 };
  assert.deepEqual(await checkProviderCredential({ provider: 'openai', apiKey: 'sim-revoked', baseURL: openaiBase() }), revoked);
  assert.deepEqual(await checkProviderCredential({ provider: 'anthropic', apiKey: 'sim-revoked', baseURL: anthropicBase() }), revoked);
});

test('a server without GET /models is checked with a one-token call', async () => {
  const base = { provider: 'openai_compatible' as const, baseURL: noModelsRouteUrl };
  assert.deepEqual(await checkProviderCredential({ ...base, apiKey: 'good' }), { status: 'valid' });
  assert.deepEqual(await checkProviderCredential({ ...base, apiKey: 'bad' }), { status: 'invalid', providerStatus: 401 });
});

test('only a 2xx answer is valid: a redirect, or a 400 or 404 to the authenticated request, is invalid with its status', async () => {
  const check = (path: string) =>
    checkProviderCredential({ provider: 'openai_compatible', apiKey: 'good', baseURL: `${noModelsRouteUrl}${path}` });
  assert.deepEqual(await check('/moved'), { status: 'invalid', providerStatus: 302 });
  assert.deepEqual(await check('/refusing'), { status: 'invalid', providerStatus: 400 });
  assert.deepEqual(await check('/no-such-model'), { status: 'invalid', providerStatus: 404 });
});

test('an unreachable provider → provider_unavailable', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  await assert.rejects(
    checkProviderCredential({ provider: 'openai', apiKey: freshKey(), baseURL: `http://127.0.0.1:${port}/v1` }),
    (error) => error instanceof ProviderFailure && error.code === 'provider_unavailable',
  );
});

test('a provider that never answers → provider_timeout', async () => {
  await assert.rejects(
    checkProviderCredential({ provider: 'openai', apiKey: 'good', baseURL: `${noModelsRouteUrl}/silent`, timeouts: { firstTokenMs: 200 } }),
    (error) => error instanceof ProviderFailure && error.code === 'provider_timeout',
  );
});

test('an untrusted base URL on a private address is not contacted', async () => {
  await assert.rejects(
    checkProviderCredential({ provider: 'openai', apiKey: freshKey(), baseURL: openaiBase(), untrustedBaseURL: true }),
    (error) => error instanceof ProviderFailure && error.code === 'provider_unavailable',
  );
});

/**
 * An OpenAI-compatible server as some are: no `GET /v1/models` (404), Chat Completions on real
 * wire frames for the key `good`, 401 for any other; under `/v1/silent` it never answers, under
 * `/v1/moved` it redirects, under `/v1/refusing` it answers 400 and under `/v1/no-such-model` 404
 * (its one-token call included).
 */
async function startServerWithoutModelsRoute(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/v1/silent')) return;
    if (req.url?.startsWith('/v1/moved/')) return void res.writeHead(302, { location: 'https://login.example.com/' }).end();
    for (const [prefix, status] of [
      ['/v1/refusing/', 400],
      ['/v1/no-such-model/', 404],
    ] as const) {
      if (req.url?.startsWith(prefix))
        return void res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
    }
    if (req.method === 'GET' && req.url === '/v1/models') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    if (req.headers.authorization !== 'Bearer good') {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Bad key', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      return;
    }
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(chunk({ role: 'assistant', content: 'pong' }, null) + chunk({}, 'length') + 'data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
