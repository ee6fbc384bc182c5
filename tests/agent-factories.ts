import { randomBytes } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { config } from '@/server/config';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import { createProviderCredential, type NewProviderCredential } from '@/server/agent/credentials/provider-credentials';
import { createOrg } from './factories';
import { hashApiKey } from '@/server/api-keys/key-format';
import { db } from '@/server/db';
import { newId, randomBase62 } from '@/server/db/ids';
import { agentKeyDisplayPrefix, generateAgentKey, type AgentKeyType } from '@/server/agent/access/agent-key-format';
import { openHandoff, type HandoffOpener } from '@/server/agent/handoffs/open-handoff';
import { lockSession } from '@/server/agent/runs/run-rows';
import { pgTransaction } from '@/server/db/pg';

/** Agent service rows written straight to the database, with unique names (see factories.ts). */
export async function createAgentProject(orgId: string, name = `Project ${randomBase62(8)}`) {
  return db.agentProject.create({ data: { id: newId('agentProject'), orgId, name } });
}

export async function createAgentKey(
  projectId: string,
  options: {
    type?: AgentKeyType;
    scopes?: string[];
    allScopes?: boolean;
    allowedOrigins?: string[];
    expiresAt?: Date;
    revokedAt?: Date;
    rateLimitPerMin?: number;
  } = {},
) {
  const type = options.type ?? 'secret';
  const key = generateAgentKey(type);
  const row = await db.agentApiKey.create({
    data: {
      id: newId('apiKey'),
      projectId,
      type,
      name: 'test key',
      prefix: agentKeyDisplayPrefix(key),
      keyHash: hashApiKey(key),
      allScopes: options.allScopes ?? (options.scopes === undefined && type === 'secret'),
      scopes: options.scopes ?? [],
      allowedOrigins: options.allowedOrigins ?? [],
      expiresAt: options.expiresAt,
      revokedAt: options.revokedAt,
      rateLimitPerMin: options.rateLimitPerMin,
    },
  });
  return { key, id: row.id };
}

/** A project in an organization of its own, with a secret key that has every scope. */
export async function createAgentTenant(options: { aiPlan?: string; dailyCostCapMicros?: bigint } = {}) {
  const org = await createOrg();
  if (options.aiPlan || options.dailyCostCapMicros !== undefined) {
    await db.organization.update({ where: { id: org.id }, data: { aiPlan: options.aiPlan, dailyCostCapMicros: options.dailyCostCapMicros } });
  }
  const project = await db.agentProject.create({
    data: { id: newId('agentProject'), orgId: org.id, name: `Project ${randomBytes(3).toString('hex')}` },
  });
  const key = await createSecretKey(project.id);
  return { org, project, key };
}

/** A tenant whose project has an OpenAI credential on a fresh simulator key (`openaiKey`: the simulator records requests per key). */
export async function createSimulatedTenant() {
  const tenant = await createAgentTenant();
  const openaiKey = simKey();
  await createCredential(tenant.project.id, { provider: 'openai', api_key: openaiKey });
  return { ...tenant, openaiKey };
}

export async function createSecretKey(projectId: string, options: { scopes?: string[] } = {}) {
  return (await createAgentKey(projectId, { scopes: options.scopes, rateLimitPerMin: 6_000 })).key;
}

/** A fresh simulator key: the simulator records requests and queues behaviours per key. */
export const simKey = () => `sim-${randomBytes(8).toString('hex')}`;

/** A credential through the service (so through the live check against the simulator). */
export function createCredential(projectId: string, input: Partial<NewProviderCredential> = {}) {
  return createProviderCredential(projectId, { provider: 'openai', name: `cred-${randomBytes(3).toString('hex')}`, api_key: simKey(), ...input });
}

/** An agent with `config` published as version 1 (unless `published: false`). */
export async function createAgent(projectId: string, rawConfig: unknown, options: { published?: boolean; slug?: string } = {}) {
  // Stored as JSON, as the agent service writes it.
  const agentConfig = agentConfigSchema.parse(rawConfig) as object;
  const tag = randomBytes(4).toString('hex');
  const published = options.published ?? true;
  return db.agent.create({
    data: {
      id: newId('agent'),
      projectId,
      name: `Agent ${tag}`,
      slug: options.slug ?? `agent-${tag}`,
      draftConfig: agentConfig,
      draftEtag: tag,
      publishedVersion: published ? 1 : null,
      versions: published ? { create: { id: newId('agentVersion'), number: 1, config: agentConfig } } : undefined,
    },
  });
}

/** Calls the agent service with a secret key. */
export async function agentCall(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${config.AGENT_API_BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const isJson = res.headers.get('content-type')?.includes('json');
  return { status: res.status, headers: res.headers, body: isJson ? JSON.parse(text) : text };
}

/**
 * The HTTP tool `order_status` on the demo shop (`SHOP_URL`), created through the service, which
 * sends the secret variable `api_token` as its bearer; with that variable as agents declare it.
 */
export async function createOrderStatusTool(key: string) {
  const shop = process.env.SHOP_URL!;
  const tool = await agentCall(key, 'POST', '/v1/tools', {
    name: 'order_status',
    description: 'Looks up an order',
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    http: { url: `${shop}/orders/{{args.order_id}}`, headers: { authorization: 'Bearer {{variables.api_token}}' } },
    response: { fields: ['/status', '/eta'] },
  });
  if (tool.status !== 201) throw new Error(`creating the tool answered ${tool.status}: ${JSON.stringify(tool.body)}`);
  const apiToken = { name: 'api_token', type: 'string', secret: true, allowed_hosts: [new URL(shop).hostname] };
  return { id: tool.body.id as string, apiToken };
}

/** The events of an SSE body, parsed as a browser client would (eventsource-parser). */
export function sseEvents(text: string): Array<{ id?: string; event?: string; data: string }> {
  const events: Array<{ id?: string; event?: string; data: string }> = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(text);
  return events;
}

/** Calls the AI simulator's control API. */
export async function aiSimulator<T = unknown>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${config.AI_SIMULATOR_URL}/_sim/ai${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`AI simulator ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The session an agent keeps with a WhatsApp contact, as the bot hook makes it (docs/agent-api.md
 * §2.3): channel `whatsapp`, external id `wa:<contact_id>`, so the inbox finds it.
 */
export async function createWhatsAppSession(projectId: string, agentId: string, contactId: string) {
  return db.agentSession.create({
    data: { id: newId('agentSession'), projectId, agentId, externalId: `wa:${contactId}`, contactId, channel: 'whatsapp', concurrency: 'queue' },
  });
}

/** Hands a session to staff through the agent service's own opening (as the model's `handoff` tool does), announced once committed. */
export async function openHandoffFor(
  session: { id: string; projectId: string },
  opening: { reason: string; summary?: string; openedBy?: HandoffOpener } = { reason: 'customer asked for a person' },
) {
  const opened = await pgTransaction(async (client) => {
    await lockSession(client, session.id);
    return openHandoff(client, { projectId: session.projectId, sessionId: session.id, openedBy: 'model', ...opening });
  });
  await opened.afterCommit();
  return opened.handoff;
}
