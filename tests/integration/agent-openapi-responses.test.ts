import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Agent, fetch as undiciFetch } from 'undici';
import type { z } from 'zod';
import { db } from '@/server/db';
import { allAgentEndpoints } from '@/server/agent/http/endpoints';
import { agentEventPayload } from '@/server/agent/http/responses/webhook-events';
import { isAgentEventType } from '@/server/agent/webhooks/agent-event-types';
import { createAgent, createAgentKey, createAgentTenant, createCredential, simKey } from '../agent-factories';
import { documented } from '../support/documented';
import { agent, type AgentAnswer, type AgentCall } from '../support/agent-api';
import { waitFor } from '../support/wait-for';

/**
 * Real answers of a representative set of /agent/v1 operations, and the webhook deliveries they
 * cause, checked against the schemas the OpenAPI document is generated from (closed), so the
 * document cannot drift from what the presenters return.
 */
const specOf = (operationId: string) => {
  const spec = allAgentEndpoints.find((candidate) => candidate.operationId === operationId);
  assert.ok(spec?.response.schema, `${operationId} has a response schema`);
  return spec as typeof spec & { response: { schema: z.ZodType } };
};

describe('/agent/v1 answers as the OpenAPI document describes them', () => {
  const shop = process.env.SHOP_URL!;
  const shopClient = new Agent({ connect: { ca: readFileSync(process.env.OUTBOUND_EXTRA_CA!, 'utf8') } });
  const origin = 'https://shop.example.com';
  const hook = `openapi-${Math.random().toString(36).slice(2, 10)}`;
  let key: string;
  let projectId: string;
  let slug: string;
  let toolSlug: string;
  const checked = new Set<string>();

  /** Calls the operation and checks its answer: the documented status (or `status`) and schema. */
  async function call(operationId: string, path: string, options: AgentCall & { status?: number } = {}): Promise<AgentAnswer> {
    const spec = specOf(operationId);
    const body = options.body ?? (spec.body ? {} : undefined);
    const answer = await agent(`/v1${path}`, { key, method: spec.method, ...options, body });
    assert.equal(answer.status, options.status ?? spec.response.status, `${operationId}: ${JSON.stringify(answer.body)}`);
    documented(spec.response.schema, answer.body);
    checked.add(operationId);
    return answer;
  }

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    await createCredential(projectId);
    const endpoint = await call('createWebhookEndpoint', '/webhook_endpoints', { body: { url: `${shop}/hooks/${hook}`, events: ['*'] } });
    await call('getWebhookEndpoint', `/webhook_endpoints/${endpoint.body.id}`);
    slug = (
      await createAgent(projectId, {
        model: { id: 'sim/steady' },
        tools: { builtin: ['handoff'], client: [{ name: 'get_location', description: 'Where the customer is' }] },
        channels: { widget: { enabled: true, greeting: { en: 'Hello!', ar: 'مرحبا!' }, theme: { color: '#112233' } } },
      })
    ).slug;
  });

  after(async () => {
    await db.$disconnect();
  });

  test('agents, versions, models, credentials, keys and the document itself', async () => {
    const made = await call('createAgent', '/agents', { body: { name: 'Documented', config: { model: { id: 'sim/steady' } } } });
    await call('updateAgent', `/agents/${made.body.id}`, {
      body: { config: { instructions: 'Be brief.' } },
      headers: { 'if-match': `"${made.body.draft.etag}"` },
    });
    await call('publishAgent', `/agents/${made.body.id}/publish`);
    await call('listAgentVersions', `/agents/${made.body.id}/versions`);
    await call('getAgent', `/agents/${made.body.id}`);
    await call('listAgents', '/agents');
    await call('archiveAgent', `/agents/${made.body.id}`);
    await call('listModels', '/models?limit=100');
    await call('getModel', `/models/${encodeURIComponent('sim/steady')}`);
    const credential = await call('createProviderCredential', '/provider_credentials', {
      body: { provider: 'openai', name: 'documented', api_key: simKey() },
    });
    await call('checkProviderCredential', `/provider_credentials/${credential.body.id}/check`);
    await call('getProviderCredential', `/provider_credentials/${credential.body.id}`);
    await call('listProviderCredentials', '/provider_credentials');
    await call('deleteProviderCredential', `/provider_credentials/${credential.body.id}`);
    const created = await call('createApiKey', '/api_keys', { body: { type: 'publishable', name: 'site', allowed_origins: [origin] } });
    const rolled = await call('rollApiKey', `/api_keys/${created.body.id}/roll`);
    await call('revokeApiKey', `/api_keys/${rolled.body.id}`);
    await call('listApiKeys', '/api_keys');
    await call('getOpenApiDocument', '/openapi.json', { key: '' });
  });

  test('tools, knowledge sources, end users and client tokens', async () => {
    const tool = await call('createTool', '/tools', {
      body: {
        name: 'order_status',
        parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
        http: { url: `${shop}/orders/{{args.order_id}}` },
        response: { fields: ['/status'] },
      },
    });
    await call('testTool', `/tools/${tool.body.id}/test`, { body: { arguments: { order_id: '1234' } } });
    await call('updateTool', `/tools/${tool.body.id}`, { body: { description: 'Order status by id' } });
    await call('getTool', `/tools/${tool.body.id}`);
    await call('listTools', '/tools');
    toolSlug = (await createAgent(projectId, { model: { id: 'sim/steady' }, tools: { http: [tool.body.id] } })).slug;
    await call('deleteTool', `/tools/${tool.body.id}`);

    const source = await call('createKnowledgeSource', '/knowledge_sources', { body: { name: 'FAQ', type: 'text', content: 'We ship daily.' } });
    await call('getKnowledgeSource', `/knowledge_sources/${source.body.id}`);
    await call('listKnowledgeSources', '/knowledge_sources');
    await call('deleteKnowledgeSource', `/knowledge_sources/${source.body.id}`);

    const user = await call('createEndUser', '/end_users', { body: { external_id: 'documented-1', name: 'Ann', traits: { plan: 'gold' } } });
    await call('createEndUser', '/end_users', { body: { external_id: 'documented-1', name: 'Other' }, status: 200 });
    await call('updateEndUser', `/end_users/${user.body.id}`, { body: { traits: { vip: true } } });
    await call('getEndUser', `/end_users/${user.body.id}`);
    await call('listEndUsers', '/end_users');
    await call('createClientToken', '/client_tokens', { body: { end_user: { external_id: 'documented-2' } } });
    await call('deleteEndUser', `/end_users/${user.body.id}`);
  });

  test('sessions, their messages, runs (replied, paused for client tools, cancelled), ask and chat completions', async () => {
    const session = await call('createSession', '/sessions', {
      body: { agent: slug, external_id: 'documented-s1', end_user: { external_id: 'eu-1' } },
    });
    await call('updateSession', `/sessions/${session.body.id}`, { body: { metadata: { order: 'A-1' } } });
    const replied = await call('createSessionMessage', `/sessions/${session.body.id}/messages`, { body: { input: 'Hello', wait_ms: 20_000 } });
    assert.equal(replied.body.run.status, 'completed', JSON.stringify(replied.body));
    assert.ok(replied.body.reply);
    await call('getRun', `/runs/${replied.body.run.id}`);
    await call('listSessionRuns', `/sessions/${session.body.id}/runs`);
    await call('listSessionMessages', `/sessions/${session.body.id}/messages`);
    await call('getSession', `/sessions/${session.body.id}`);
    await call('listSessions', '/sessions');

    const paused = await call('createSessionMessage', `/sessions/${session.body.id}/messages`, {
      body: { input: '#call get_location {}', wait_ms: 20_000 },
    });
    assert.equal(paused.body.run.status, 'requires_action', JSON.stringify(paused.body));
    const [toolCall] = paused.body.run.required_action.tool_calls;
    await call('submitToolOutputs', `/runs/${paused.body.run.id}/tool_outputs`, {
      body: { tool_outputs: [{ call_id: toolCall.call_id, output: 'Cairo' }] },
    });
    await waitFor('the resumed run to end', async () => (await agent(`/v1/runs/${paused.body.run.id}`, { key })).body.completed_at);

    const again = await call('createSessionMessage', `/sessions/${session.body.id}/messages`, {
      body: { input: '#call get_location {}', wait_ms: 20_000 },
    });
    await call('cancelRun', `/runs/${again.body.run.id}/cancel`);

    const toolSession = await call('createSession', '/sessions', { body: { agent: toolSlug } });
    await call('createSessionMessage', `/sessions/${toolSession.body.id}/messages`, {
      body: { input: '#call order_status {"order_id":"1234"}', wait_ms: 20_000 },
    });
    await call('listSessionMessages', `/sessions/${toolSession.body.id}/messages`);

    await call('ask', '/ask', { body: { agent: slug, input: 'Hi' } });
    await call('createChatCompletion', '/chat/completions', { body: { model: slug, messages: [{ role: 'user', content: 'Hi' }] } });
  });

  test('handoffs: opened, read, a message kept for staff, released', async () => {
    const session = await call('createSession', '/sessions', { body: { agent: slug } });
    const handoff = await call('openHandoff', `/sessions/${session.body.id}/handoff`, { body: { reason: 'billing' } });
    await call('getHandoff', `/handoffs/${handoff.body.id}`);
    await call('listHandoffs', '/handoffs');
    const kept = await call('createSessionMessage', `/sessions/${session.body.id}/messages`, { body: { input: 'Anyone there?' } });
    assert.equal(kept.body.run, null);
    await call('releaseHandoff', `/sessions/${session.body.id}/handoff/release`);
    await call('openHandoff', `/sessions/${session.body.id}/handoff`, { body: {} });
    await call('resolveHandoff', `/sessions/${session.body.id}/handoff/resolve`);
    await call('listTickets', '/tickets');
  });

  test('widget routes, with a publishable key and then the visitor’s token', async () => {
    const publishable = (await createAgentKey(projectId, { type: 'publishable', allowedOrigins: [origin] })).key;
    await call('getWidgetConfig', '/widget/config', { key: publishable, headers: { origin } });
    const token = await call('createWidgetToken', '/widget/token', { key: publishable, headers: { origin }, body: {} });
    await call('refreshWidgetToken', '/widget/token/refresh', { key: publishable, headers: { origin }, body: { token: token.body.token } });
    await call('createWidgetSession', '/widget/sessions', { key: token.body.token, headers: { origin }, body: {} });
    await call('saveWidgetEmail', '/widget/email', { key: token.body.token, headers: { origin }, body: { email: 'visitor@example.com' } });
    await call('getOwnEndUser', '/end_users/me', { key: token.body.token, headers: { origin } });
    const verified = await call('createClientToken', '/client_tokens', { body: { end_user: { external_id: 'documented-3' } } });
    await call('identifyWidgetVisitor', '/widget/identify', {
      key: token.body.token,
      headers: { origin },
      body: { client_token: verified.body.token },
    });
  });

  test('webhook deliveries carry the documented payloads; the endpoint’s test, deliveries and catalogue too', async () => {
    const wanted = ['session.created', 'message.created', 'run.completed', 'run.requires_action', 'handoff.opened', 'handoff.released'];
    const deliveries = await waitFor(
      'deliveries of the events above',
      async () => {
        const res = await undiciFetch(`${shop}/hooks/${hook}`, { dispatcher: shopClient });
        const { requests } = (await res.json()) as { requests: Array<{ body: string }> };
        const bodies = requests.map((request) => JSON.parse(request.body) as { type: string });
        return wanted.every((type) => bodies.some((body) => body.type === type)) && bodies;
      },
      30_000,
    );
    for (const body of deliveries) {
      assert.ok(isAgentEventType(body.type), body.type);
      documented(agentEventPayload(body.type), body);
    }
    const endpoints = await call('listWebhookEndpoints', '/webhook_endpoints');
    const id = endpoints.body.data[0].id;
    await call('testWebhookEndpoint', `/webhook_endpoints/${id}/test`);
    await call('listWebhookDeliveries', `/webhook_endpoints/${id}/deliveries`);
    await call('listWebhookEventTypes', '/webhook_endpoints/event_types?limit=100');
    await call('updateWebhookEndpoint', `/webhook_endpoints/${id}`, { body: { description: 'CRM' } });
    await call('deleteWebhookEndpoint', `/webhook_endpoints/${id}`);
  });

  test('covers every project and widget operation with a JSON answer but those that need a member or a ticket', () => {
    const json = allAgentEndpoints.filter((spec) => spec.response.schema && (spec.access === 'project' || spec.access === 'widget'));
    const unchecked = json.filter((spec) => !checked.has(spec.operationId)).map((spec) => spec.operationId);
    // Their schemas are those of operations checked above (handoff, message, ticket).
    assert.deepEqual(unchecked, ['claimHandoff', 'createStaffMessage', 'getTicket', 'updateTicket']);
  });
});
