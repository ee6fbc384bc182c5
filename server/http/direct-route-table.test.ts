import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allAgentEndpoints } from '@/server/agent/http/endpoints';
import { directRoutes, directRoutesOf, matchDirectRoute } from './direct-route-table';

const endpointsDir = 'server/agent/http/endpoints';

/** The exported name of each spec object, across the endpoint files. */
async function specNames(): Promise<Map<object, string>> {
  const names = new Map<object, string>();
  for (const file of readdirSync(endpointsDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const exports = (await import(`@/${endpointsDir}/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) if (typeof value === 'object' && value !== null) names.set(value, name);
  }
  return names;
}

test('a direct route is derived from its spec: path template to pattern, parameters and route file', () => {
  const spec = allAgentEndpoints.find((candidate) => candidate.path === '/v1/sessions/{session}/messages' && candidate.method === 'POST')!;
  const [route] = directRoutesOf([
    { ...spec, direct: true },
    { ...spec, method: 'GET', direct: true },
    { ...spec, method: 'PATCH', direct: false },
  ]);
  assert.deepEqual(route, {
    methods: ['POST', 'GET'],
    pattern: /^\/agent\/v1\/sessions\/([^/]+)\/messages$/,
    params: ['session'],
    file: 'agent/v1/sessions/[session]/messages/route',
  });
  assert.deepEqual(directRoutesOf([{ ...spec, direct: false }]), []);
});

test('a request matches a direct route only by its method and exact path, with its parameters decoded', () => {
  assert.deepEqual(matchDirectRoute('GET', '/agent/v1/sessions/ses%5F1/events')?.params, { session: 'ses_1' });
  assert.equal(matchDirectRoute('GET', '/agent/v1/widget/config')?.route.file, 'agent/v1/widget/config/route');
  assert.equal(matchDirectRoute('POST', '/agent/v1/widget/config'), null);
  assert.equal(matchDirectRoute('GET', '/agent/v1/widget/config/'), null);
  assert.equal(matchDirectRoute('GET', '/agent/v1/sessions/a/b/events'), null);
  assert.equal(matchDirectRoute('GET', '/agent/v1/sessions'), null);
});

test("each direct route's spec is the one its route file under app/ answers the method with", async () => {
  const names = await specNames();
  const direct = allAgentEndpoints.filter((spec) => spec.direct);
  assert.ok(direct.length >= 6, 'the widget routes are direct');
  assert.equal(directRoutes.flatMap((route) => route.methods).length, direct.length);
  for (const spec of direct) {
    const route = directRoutes.find(
      (candidate) => candidate.methods.includes(spec.method) && candidate.pattern.test(`/agent${spec.path}`.replace(/\{\w+\}/g, 'x')),
    );
    assert.ok(route, `${spec.method} ${spec.path} has a direct route`);
    const file = join('app', `${route.file}.ts`);
    assert.ok(existsSync(file), `${file} exists for ${spec.method} ${spec.path}`);
    const name = names.get(spec);
    assert.ok(name, `${spec.operationId} is exported`);
    assert.match(
      readFileSync(file, 'utf8'),
      new RegExp(`\\b${spec.method}: agentRoute\\(${name}\\b`),
      `${file} answers ${spec.method} with ${name}`,
    );
  }
});
