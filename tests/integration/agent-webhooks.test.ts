import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { Agent, fetch as undiciFetch } from 'undici';
import { db } from '@/server/db';
import { createAgent, createAgentProject, createAgentTenant, createCredential, createSecretKey } from '../agent-factories';
import { createOrg, createUser } from '../factories';
import { agent, assertAgentError, assertRefusedInBoth } from '../support/agent-api';
import { sessionCookie } from '../support/dashboard-session';
import { sleep, waitFor } from '../support/wait-for';

interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
}

/**
 * The agent service's webhook endpoints (issue 18) over real HTTP, delivered by messaging's
 * engine to the demo shop's receiver (`/hooks/{name}`, HTTPS with the development CA).
 */
describe('/agent/v1/webhook_endpoints', () => {
  const shop = process.env.SHOP_URL!;
  // The test process trusts the shop's development CA as the service does (OUTBOUND_EXTRA_CA).
  const shopClient = new Agent({ connect: { ca: readFileSync(process.env.OUTBOUND_EXTRA_CA!, 'utf8') } });
  let key: string;
  let projectId: string;
  let otherKey: string;

  after(async () => {
    await db.$disconnect();
  });

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    otherKey = (await createAgentTenant()).key;
  });

  const hookName = () => `h-${randomBytes(6).toString('hex')}`;
  const create = (body: unknown, language: 'en' | 'ar' = 'en', as = key) => agent('/v1/webhook_endpoints', { key: as, body, language });
  const received = async (name: string): Promise<ReceivedHook[]> => {
    const res = await undiciFetch(`${shop}/hooks/${name}`, { dispatcher: shopClient });
    return ((await res.json()) as { requests: ReceivedHook[] }).requests;
  };
  const verify = (secret: string, hook: ReceivedHook) =>
    new Webhook(secret).verify(hook.body, {
      'webhook-id': hook.headers['webhook-id']!,
      'webhook-timestamp': hook.headers['webhook-timestamp']!,
      'webhook-signature': hook.headers['webhook-signature']!,
    });

  test('create shows the secret once; get, list, patch, delete; the event type catalogue', async () => {
    const created = await create({ url: `${shop}/hooks/${hookName()}`, events: ['session.created', 'run.failed'], description: 'CRM' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.id, /^whe_/);
    assert.equal(created.body.object, 'webhook_endpoint');
    assert.match(created.body.secret, /^whsec_/);
    assert.deepEqual(created.body.events, ['session.created', 'run.failed']);
    assert.equal(created.body.description, 'CRM');
    assert.equal(created.body.disabled, false);

    const got = await agent(`/v1/webhook_endpoints/${created.body.id}`, { key });
    assert.equal(got.status, 200);
    assert.equal(got.body.secret, undefined, 'the secret is shown on creation only');
    const listed = await agent('/v1/webhook_endpoints?limit=100', { key });
    assert.equal(listed.body.object, 'list');
    const item = listed.body.data.find((e: { id: string }) => e.id === created.body.id);
    assert.ok(item);
    assert.equal(item.secret, undefined);

    const all = await create({ url: `${shop}/hooks/${hookName()}`, events: ['*'] });
    assert.equal(all.status, 201, JSON.stringify(all.body));
    assert.deepEqual(all.body.events, ['*']);

    const patched = await agent(`/v1/webhook_endpoints/${created.body.id}`, {
      key,
      method: 'PATCH',
      body: { events: ['handoff.opened', 'handoff.opened'], description: 'Helpdesk', disabled: true },
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(patched.body.events, ['handoff.opened']);
    assert.equal(patched.body.description, 'Helpdesk');
    assert.equal(patched.body.disabled, true);
    assert.equal(patched.body.url, created.body.url, 'untouched fields stay');
    await assertRefusedInBoth(
      (language) =>
        agent(`/v1/webhook_endpoints/${created.body.id}`, { key, method: 'PATCH', body: { url: 'http://example.com/hook' }, language }),
      'url_not_allowed',
      '/url',
    );

    const deleted = await agent(`/v1/webhook_endpoints/${created.body.id}`, { key, method: 'DELETE' });
    assert.deepEqual(deleted.body, { id: created.body.id, object: 'webhook_endpoint', deleted: true });
    assertAgentError(await agent(`/v1/webhook_endpoints/${created.body.id}`, { key }), 'resource_not_found');

    const types = await agent('/v1/webhook_endpoints/event_types?limit=100', { key });
    assert.equal(types.status, 200, JSON.stringify(types.body));
    assert.deepEqual(
      types.body.data.map((t: { id: string }) => t.id),
      [
        'session.created',
        'session.closed',
        'message.created',
        'run.completed',
        'run.failed',
        'run.requires_action',
        'handoff.opened',
        'handoff.assigned',
        'handoff.released',
        'handoff.resolved',
        'handoff.expired',
        'ticket.created',
        'usage.cost_cap_reached',
        'usage.quota_reached',
      ],
    );
    for (const type of types.body.data) assert.ok(type.description.length > 10, type.id);
  });

  test('refusals: unknown event types, URLs outside the customer rule, scopes, another project, the 11th endpoint', async () => {
    const url = `${shop}/hooks/${hookName()}`;
    await assertRefusedInBoth(
      (language) => create({ url, events: ['session.created', 'session.opened'] }, language),
      'unknown_event_type',
      '/events/1',
    );
    assertAgentError(await create({ url, events: ['session.created', '*'] }), 'unknown_event_type', '/events/1');
    assertAgentError(await create({ url, events: [] }), 'validation_failed', '/events');
    for (const bad of ['http://example.com/hook', 'https://example.com:8080/hook', 'https://10.1.2.3/hook', 'https://localhost/hook']) {
      await assertRefusedInBoth((language) => create({ url: bad, events: ['*'] }, language), 'url_not_allowed', '/url');
    }
    assertAgentError(await create({ url, events: ['*'], secret: 'whsec_mine' }), 'unknown_field');

    const readOnly = await createSecretKey(projectId, { scopes: ['webhooks:read'] });
    assert.equal((await agent('/v1/webhook_endpoints', { key: readOnly })).status, 200);
    assertAgentError(await create({ url, events: ['*'] }, 'en', readOnly), 'insufficient_scope');

    const mine = await create({ url, events: ['*'] });
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { description: 'x' }],
      ['DELETE', '', undefined],
      ['POST', '/test', undefined],
      ['GET', '/deliveries', undefined],
    ] as const) {
      assertAgentError(await agent(`/v1/webhook_endpoints/${mine.body.id}${path}`, { key: otherKey, method, body }), 'resource_not_found');
    }
    assertAgentError(await agent(`/v1/webhook_endpoints?after=${mine.body.id}`, { key: otherKey }), 'invalid_cursor', 'after');

    const tenant = await createAgentTenant();
    for (let i = 0; i < 10; i += 1) {
      const made = await create({ url: `${shop}/hooks/${hookName()}`, events: ['*'] }, 'en', tenant.key);
      assert.equal(made.status, 201, JSON.stringify(made.body));
    }
    await assertRefusedInBoth((language) => create({ url, events: ['*'] }, language, tenant.key), 'webhook_endpoint_limit_reached');
    const page = await agent('/v1/webhook_endpoints?limit=4', { key: tenant.key });
    assert.equal(page.body.data.length, 4);
    assert.equal(page.body.has_more, true);
    const next = await agent(`/v1/webhook_endpoints?limit=10&after=${page.body.last_id}`, { key: tenant.key });
    assert.equal(next.body.data.length, 6);
    assert.equal(next.body.has_more, false);
  });

  test('roles: owners and admins manage endpoints from the dashboard, other members read them; creation is idempotent', async () => {
    const org = await createOrg();
    const project = await createAgentProject(org.id);
    const cookieOf = async (role: 'owner' | 'admin' | 'agent' | 'marketer') =>
      sessionCookie(await createUser({ memberships: [{ orgId: org.id, role }] }));
    const body = { url: `${shop}/hooks/${hookName()}`, events: ['handoff.opened'] };
    const headers = { 'idempotency-key': `whe-${hookName()}` };
    const owner = await cookieOf('owner');
    const created = await agent('/v1/webhook_endpoints', { cookie: owner, project: project.id, body, headers });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const replay = await agent('/v1/webhook_endpoints', { cookie: owner, project: project.id, body, headers });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.id, created.body.id);
    assert.equal((await agent('/v1/webhook_endpoints', { cookie: owner, project: project.id })).body.data.length, 1);
    const admin = await cookieOf('admin');
    const patched = await agent(`/v1/webhook_endpoints/${created.body.id}`, {
      cookie: admin,
      project: project.id,
      method: 'PATCH',
      body: { disabled: true },
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    for (const role of ['agent', 'marketer'] as const) {
      const cookie = await cookieOf(role);
      assert.equal((await agent(`/v1/webhook_endpoints/${created.body.id}`, { cookie, project: project.id })).status, 200, role);
      assertAgentError(
        await agent('/v1/webhook_endpoints', { cookie, project: project.id, body: { ...body, url: `${shop}/hooks/${hookName()}` } }),
        'permission_denied',
      );
      assertAgentError(
        await agent(`/v1/webhook_endpoints/${created.body.id}`, { cookie, project: project.id, method: 'DELETE' }),
        'permission_denied',
      );
    }
  });

  test('a test event arrives signed per Standard Webhooks and is in the delivery list; a receiver refusing is a result', async () => {
    const name = hookName();
    const created = await create({ url: `${shop}/hooks/${name}`, events: ['run.completed'] });
    const tried = await agent(`/v1/webhook_endpoints/${created.body.id}/test`, { key, method: 'POST' });
    assert.equal(tried.status, 200, JSON.stringify(tried.body));
    assert.equal(tried.body.ok, true, JSON.stringify(tried.body));
    assert.equal(tried.body.status_code, 200);
    assert.equal(tried.body.event_type, 'run.completed');

    const [hook] = await received(name);
    assert.ok(hook, 'the shop received the test event');
    assert.equal(hook.headers['webhook-id'], tried.body.delivery_id);
    assert.match(hook.headers['webhook-signature']!, /^v1,/);
    const payload = verify(created.body.secret, hook) as Record<string, unknown>;
    assert.deepEqual(Object.keys(payload).sort(), ['created_at', 'data', 'id', 'project', 'test', 'type']);
    assert.equal(payload.id, tried.body.event_id);
    assert.equal(payload.type, 'run.completed');
    assert.equal(payload.project, projectId);
    assert.throws(() => verify(`whsec_${randomBytes(24).toString('base64')}`, hook), 'another secret does not verify');

    const deliveries = await agent(`/v1/webhook_endpoints/${created.body.id}/deliveries`, { key });
    assert.equal(deliveries.status, 200, JSON.stringify(deliveries.body));
    assert.equal(deliveries.body.object, 'list');
    const [delivery] = deliveries.body.data;
    assert.equal(delivery.id, tried.body.delivery_id);
    assert.equal(delivery.status, 'succeeded');
    assert.equal(delivery.attempts.length, 1);
    assert.equal(delivery.attempts[0].status_code, 200);

    const failing = await create({ url: `${shop}/hooks/${hookName()}?status=503`, events: ['*'] });
    const refused = await agent(`/v1/webhook_endpoints/${failing.body.id}/test`, { key, method: 'POST' });
    assert.equal(refused.status, 200);
    assert.equal(refused.body.ok, false);
    assert.equal(refused.body.status_code, 503);
    assert.match(refused.body.error, /HTTP 503/);
  });

  test('the customer URL rule holds at connect time: a name resolving to a private address is not called', async () => {
    const created = await create({ url: `https://${hostname()}:8443/hooks/${hookName()}`, events: ['*'] });
    assert.equal(created.status, 201, 'a name passes when saved: its addresses are judged when connecting');
    const tried = await agent(`/v1/webhook_endpoints/${created.body.id}/test`, { key, method: 'POST' });
    assert.equal(tried.body.ok, false, JSON.stringify(tried.body));
    assert.equal(tried.body.status_code, 0);
    assert.match(tried.body.error, /resolves to a .* address, not a public one/);

    // A URL that no longer follows the rule (stored before a rule change, say) is refused before connecting.
    const name = hookName();
    const plain = await create({ url: `${shop}/hooks/${name}`, events: ['*'] });
    await db.agentWebhookEndpoint.update({ where: { id: plain.body.id }, data: { url: `http://${new URL(shop).host}/hooks/${name}` } });
    const refused = await agent(`/v1/webhook_endpoints/${plain.body.id}/test`, { key, method: 'POST' });
    assert.equal(refused.body.ok, false);
    assert.match(refused.body.error, /only https URLs are allowed/);
    assert.deepEqual(await received(name), [], 'nothing reached the receiver');
  });

  test('session.created and session.closed are delivered; a 500 is retried on the schedule until it succeeds', async () => {
    const tenant = await createAgentTenant();
    await createCredential(tenant.project.id);
    const { slug } = await createAgent(tenant.project.id, { model: { id: 'openai/gpt-4.1-mini' } });
    const name = hookName();
    const endpoint = await create({ url: `${shop}/hooks/${name}?fail=1`, events: ['session.created', 'session.closed'] }, 'en', tenant.key);
    const unsubscribed = hookName();
    await create({ url: `${shop}/hooks/${unsubscribed}`, events: ['run.completed'] }, 'en', tenant.key);

    const session = await agent('/v1/sessions', { key: tenant.key, body: { agent: slug } });
    assert.equal(session.status, 201, JSON.stringify(session.body));

    // The first attempt is answered 500; the retry follows 5 s later (messaging's schedule).
    const hooks = await waitFor('the retried session.created', async () => {
      const got = await received(name);
      return got.length >= 2 ? got : undefined;
    });
    const [first, second] = hooks as [ReceivedHook, ReceivedHook];
    assert.equal(first.headers['webhook-id'], second.headers['webhook-id'], 'a retry keeps the delivery id');
    const payload = verify(endpoint.body.secret, second) as { type: string; project: string; data: { id: string; object: string } };
    assert.equal(payload.type, 'session.created');
    assert.equal(payload.project, tenant.project.id);
    assert.equal(payload.data.id, session.body.id);
    assert.equal(payload.data.object, 'session');

    const deliveries = await waitFor('the delivery marked succeeded', async () => {
      const list = await agent(`/v1/webhook_endpoints/${endpoint.body.id}/deliveries`, { key: tenant.key });
      return list.body.data[0]?.status === 'succeeded' ? list.body : undefined;
    });
    assert.deepEqual(
      deliveries.data[0].attempts.map((a: { status_code: number; success: boolean }) => [a.status_code, a.success]),
      [
        [500, false],
        [200, true],
      ],
    );
    assert.equal(deliveries.data[0].event_type, 'session.created');

    const closed = await agent(`/v1/sessions/${session.body.id}`, { key: tenant.key, method: 'PATCH', body: { status: 'closed' } });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    await agent(`/v1/sessions/${session.body.id}`, { key: tenant.key, method: 'PATCH', body: { status: 'closed' } });
    const closing = await waitFor('session.closed', async () => {
      const got = await received(name);
      return got.find((hook) => JSON.parse(hook.body).type === 'session.closed');
    });
    assert.equal(JSON.parse(closing.body).data.status, 'closed');
    assert.equal(
      (await received(name)).filter((hook) => JSON.parse(hook.body).type === 'session.closed').length,
      1,
      'closing a closed session announces nothing',
    );
    assert.deepEqual(await received(unsubscribed), [], 'an endpoint not subscribed to the type gets nothing');
  });

  test('an endpoint answering 410 Gone is disabled at once: no retry, nothing more sent until it is turned back on', async () => {
    const tenant = await createAgentTenant();
    await createCredential(tenant.project.id);
    const { slug } = await createAgent(tenant.project.id, { model: { id: 'openai/gpt-4.1-mini' } });
    const name = hookName();
    const endpoint = await create({ url: `${shop}/hooks/${name}?status=410`, events: ['session.created'] }, 'en', tenant.key);
    const path = `/v1/webhook_endpoints/${endpoint.body.id}`;
    assert.equal((await agent('/v1/sessions', { key: tenant.key, body: { agent: slug } })).status, 201);

    const disabled = await waitFor('the endpoint disabled', async () => {
      const got = await agent(path, { key: tenant.key });
      return got.body.disabled === true && got.body;
    });
    assert.equal(disabled.id, endpoint.body.id);
    const deliveries = await agent(`${path}/deliveries`, { key: tenant.key });
    assert.equal(deliveries.body.data[0].status, 'failed');
    assert.deepEqual(
      deliveries.body.data[0].attempts.map((a: { status_code: number }) => a.status_code),
      [410],
    );
    assert.equal((await agent('/v1/sessions', { key: tenant.key, body: { agent: slug } })).status, 201);
    await sleep(6_000); // past the first retry's 5 s
    assert.equal((await received(name)).length, 1, 'one request: no retry, no new delivery');

    const enabled = await agent(path, { key: tenant.key, method: 'PATCH', body: { disabled: false } });
    assert.equal(enabled.body.disabled, false);
    assert.equal((await agent('/v1/sessions', { key: tenant.key, body: { agent: slug } })).status, 201);
    await waitFor('a delivery after turning it back on', async () => (await received(name)).length === 2);
  });
});
