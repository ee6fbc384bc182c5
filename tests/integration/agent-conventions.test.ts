import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agentErrorCodes, agentInBandCodes } from '@/server/errors/agent-codes';
import { appUrl } from '../support/stack';

/** The conventions every /agent answer follows (docs/agent-api.md §1.1, §3), over real HTTP. */
const agent = (path: string, init: RequestInit = {}) => fetch(`${appUrl}/agent${path}`, init);

async function expectEnvelope(res: Response, status: number, code: string) {
  assert.equal(res.status, status);
  const body = (await res.json()) as { error: Record<string, string> };
  assert.equal(body.error.code, code);
  assert.equal(body.error.type, agentErrorCodes[code as keyof typeof agentErrorCodes].type);
  assert.equal(body.error.request_id, res.headers.get('request-id'));
  assert.match(body.error.request_id ?? '', /^req_/);
  assert.match(body.error.doc_url ?? '', new RegExp(`/agent/docs/errors#${code}$`));
  assert.equal(res.headers.get('agent-version'), '2026-10-06');
  return body.error;
}

describe('agent service conventions', () => {
  test('an unknown path under /agent is 404 route_not_found in this envelope, in English and Arabic', async () => {
    const en = await expectEnvelope(await agent('/v1/no-such-thing', { method: 'POST' }), 404, 'route_not_found');
    assert.match(en.message ?? '', /No endpoint at \/agent\/v1\/no-such-thing/);
    const res = await agent('/v2/agents', { headers: { 'accept-language': 'ar-EG,ar;q=0.9' } });
    assert.equal(res.headers.get('content-language'), 'ar');
    const ar = await expectEnvelope(res, 404, 'route_not_found');
    assert.match(ar.message ?? '', /لا توجد نقطة نهاية/);
  });

  test('the messaging /v1 keeps its own envelope for its unknown paths', async () => {
    const res = await fetch(`${appUrl}/v1/no-such-thing`);
    const body = (await res.json()) as { error: { code: string; type: string } };
    assert.deepEqual([res.status, body.error.code, body.error.type], [404, 'resource_not_found', 'invalid_request_error']);
    assert.equal(res.headers.get('agent-version'), null);
  });

  test('a method the route does not take is 405 method_not_allowed with Allow', async () => {
    const res = await agent('/v1/openapi.json', { method: 'DELETE' });
    assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
    await expectEnvelope(res, 405, 'method_not_allowed');
    const trace = await agent('/v1/openapi.json', { method: 'PROPFIND' });
    await expectEnvelope(trace, 405, 'method_not_allowed');
  });

  test('Agent-Version: absent or 2026-10-06 is accepted and echoed; anything else is 400 invalid_api_version', async () => {
    for (const headers of [{}, { 'agent-version': '2026-10-06' }] as Array<Record<string, string>>) {
      const res = await agent('/v1/openapi.json', { headers });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('agent-version'), '2026-10-06');
      assert.match(res.headers.get('request-id') ?? '', /^req_/);
    }
    const error = await expectEnvelope(
      await agent('/v1/openapi.json', { headers: { 'agent-version': '2025-01-01' } }),
      400,
      'invalid_api_version',
    );
    assert.equal(error.param, 'Agent-Version');
    assert.match(error.message ?? '', /2025-01-01/);
  });

  test('an unknown query parameter is 400 invalid_parameter naming it', async () => {
    const error = await expectEnvelope(await agent('/v1/openapi.json?verbose=1'), 400, 'invalid_parameter');
    assert.equal(error.param, 'verbose');
  });

  test('the OpenAPI document lists the routes with their error codes, and the error page has an anchor per code in both languages', async () => {
    const doc = (await (await agent('/v1/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: { Error: unknown } };
    };
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.paths['/v1/openapi.json']);
    const page = await agent('/docs/errors');
    assert.equal(page.status, 200);
    const html = await page.text();
    for (const code of [...Object.keys(agentErrorCodes), ...Object.keys(agentInBandCodes)]) assert.match(html, new RegExp(`id="${code}"`), code);
    assert.match(html, /lang="ar" dir="rtl"/);
    const reference = await agent('/docs');
    assert.equal(reference.status, 200);
  });
});
