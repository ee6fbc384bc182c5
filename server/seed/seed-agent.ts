import { agentKeyDisplayPrefix, generateAgentKey } from '@/server/agent/access/agent-key-format';
import { agentKeyScopes } from '@/server/agent/access/agent-permissions';
import { AGENT_API_VERSION } from '@/server/agent/http/agent-version';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import { sealSecret } from '@/server/secrets/secret-cipher';
import { writePassages } from '@/server/agent/knowledge/index-knowledge-source.job';
import { aiPlanOf } from '@/server/agent/models/plans';
import { conversationsKey } from '@/server/agent/usage/ai-usage-limits';
import { insertSession, type NewSession } from '@/server/agent/sessions/insert-session';
import { hashApiKey } from '@/server/api-keys/key-format';
import { hashPassword } from '@/server/auth/password';
import { config } from '@/server/config';
import type { DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';
import { getRedis } from '@/server/redis';

/**
 * The agent service's demo data (docs/demo-data.md, `agent`): acme's projects `support` and
 * `other`, an organization whose monthly AI conversations are used up and one whose daily
 * cost cap is reached, their keys, a simulator credential each, and the agents as far as the
 * agent service has them. Written in the demo seed's transaction.
 */
export const agentDemoSlugs = ['quota-used', 'cost-capped'];
export const agentMemberLogin = { email: 'agent@acme.test', password: 'acme-agent-password' };

/** What `npm run seed -- --json` prints as models: the simulator's and two the demo cannot use. */
const demoModels = { allowed: 'sim/steady', fallback_test: 'sim/flaky', not_on_plan: 'openai/o3', unconfigured: 'anthropic/claude-haiku-4-5' };
const HOUR = 3_600_000;

interface AgentSeedContext {
  acmeOrgId: string;
  adminUserId: string;
  whatsappAccountId: string;
}

export async function seedAgentDemo(tx: DbTx, context: AgentSeedContext) {
  const memberId = newId('user');
  await tx.user.create({
    data: { id: memberId, email: agentMemberLogin.email, name: 'Amal Agent', passwordHash: await hashPassword(agentMemberLogin.password) },
  });
  await tx.membership.create({ data: { id: newId('membership'), orgId: context.acmeOrgId, userId: memberId, role: 'agent' } });

  const support = await project(tx, context.acmeOrgId, 'Acme Support');
  const other = await project(tx, context.acmeOrgId, 'Acme Other');
  const now = Date.now();
  const key = (projectId: string, name: string, extra: KeyOptions = {}) => createKey(tx, projectId, name, extra);
  const supportKeys = {
    secret_full: await key(support, 'full'),
    secret_read_only: await key(support, 'read only', { scopes: agentKeyScopes.filter((s) => s.endsWith(':read')) }),
    secret_runs_only: await key(support, 'runs only', { scopes: ['runs:write', 'sessions:read'] }),
    publishable: await key(support, 'widget', { type: 'publishable', allowedOrigins: [new URL(config.APP_URL).origin] }),
    expired: await key(support, 'expired', { expiresAt: new Date(now - 24 * HOUR) }),
    revoked: await key(support, 'revoked', { revokedAt: new Date(now - HOUR) }),
  };
  const credential = await simulatorCredential(tx, support, 'Simulator');
  // `unready` names a credential that was deleted since: its readiness blocker is no_provider_key.
  const deletedCredential = await simulatorCredential(tx, support, 'Removed');
  await tx.providerCredential.delete({ where: { id: deletedCredential } });

  const orderStatus = await httpTool(tx, support);
  const faq = await knowledgeSource(tx, support);
  const assistant = await agent(tx, support, 'Acme Assistant', 'acme-assistant', {
    instructions: 'You are the assistant of Acme, a shop. Answer in the customer\u2019s language, briefly.\nSIM-SCENARIO: acme',
    model: { id: 'openai/gpt-4.1-mini', fallback_models: [demoModels.allowed] },
    provider_credential: credential,
    tools: {
      builtin: ['handoff', 'create_ticket', 'search_knowledge'],
      http: [orderStatus],
      client: [{ name: 'get_location', description: "The customer's city, from their device." }],
    },
    knowledge_sources: [faq],
    variables: [{ name: 'customer_tier', type: 'string' }],
    overrides: { allowed: ['temperature', 'instructions_append'] },
    handoff: {
      escalation_reply: { en: 'A member of our team will take it from here.', ar: 'سيتابع معك أحد أعضاء فريقنا من هنا.' },
      fallback_message: {
        en: 'Sorry, I cannot answer right now. A person will reply soon.',
        ar: 'عذرًا، لا أستطيع الإجابة الآن. سيرد عليك أحد الموظفين قريبًا.',
      },
    },
    channels: {
      whatsapp: { accounts: [context.whatsappAccountId] },
      // The website widget (public/widget/demo.html) talks to this agent with the `publishable` key.
      widget: {
        enabled: true,
        greeting: { en: 'Hi! I am the Acme assistant. How can I help?', ar: 'مرحبًا! أنا مساعد أكمي. كيف يمكنني مساعدتك؟' },
        theme: { color: '#1f5fbf' },
      },
    },
    concurrency_default: 'reject',
  });
  const strict = await agent(tx, support, 'Acme Strict', 'acme-strict', {
    instructions: 'Answer only about the store named in store_id.',
    model: { id: demoModels.allowed },
    provider_credential: credential,
    variables: [
      { name: 'store_id', type: 'string', required: true },
      { name: 'api_token', type: 'string', secret: true, allowed_hosts: ['127.0.0.77'] },
    ],
  });
  const unready = await agent(tx, support, 'Acme Unready', 'acme-unready', {
    model: { id: demoModels.allowed },
    provider_credential: deletedCredential,
  });
  const archived = await agent(tx, support, 'Acme Archived', 'acme-archived', { model: { id: demoModels.allowed } }, { archived: true });

  await simulatorCredential(tx, other, 'Simulator');
  const otherAgent = await agent(tx, other, 'Other Assistant', 'other-assistant', { model: { id: demoModels.allowed } });
  const otherEndUser = await endUser(tx, other, 'other-customer-1');

  const quotaUsed = await ownOrganization(tx, 'Quota Used Ltd.', 'quota-used', context.adminUserId, { aiPlan: 'starter' });
  const costCapped = await ownOrganization(tx, 'Cost Capped Ltd.', 'cost-capped', context.adminUserId, { dailyCostCapMicros: 0n });

  return {
    data: {
      base_url: config.AGENT_API_BASE_URL,
      ai_simulator_url: config.AI_SIMULATOR_URL ?? `http://localhost:4020`,
      shop_url: shopUrl,
      version: AGENT_API_VERSION,
      projects: {
        support: {
          id: support,
          keys: supportKeys,
          agents: {
            assistant: { id: assistant, slug: 'acme-assistant' },
            strict: { id: strict, slug: 'acme-strict' },
            unready: { id: unready, slug: 'acme-unready' },
            archived: { id: archived, slug: 'acme-archived' },
          },
          tools: { order_status: orderStatus },
          provider_credential: credential,
        },
        // Its session (session_id) is added after the seed commits: finishAgentDemo.
        other: { id: other, keys: { secret_full: await key(other, 'full') }, agent_id: otherAgent, end_user_id: otherEndUser },
        quota_used: { id: quotaUsed.projectId, keys: { secret_full: await key(quotaUsed.projectId, 'full') }, agent_id: quotaUsed.agentId },
        cost_capped: { id: costCapped.projectId, keys: { secret_full: await key(costCapped.projectId, 'full') }, agent_id: costCapped.agentId },
      },
      models: demoModels,
    },
    afterCommit: {
      quotaUsedOrgId: quotaUsed.orgId,
      otherSession: otherSession(other, otherAgent, otherEndUser),
    },
  };
}

/**
 * After the seed commits: the quota_used organization has used its month's AI conversations,
 * and the `other` project gets its session, through the one function that creates sessions (on
 * a connection of its own, so it must see the committed project). Returns that session's id.
 */
export async function finishAgentDemo(afterCommit: { quotaUsedOrgId: string; otherSession: NewSession }): Promise<string> {
  await getRedis().set(conversationsKey(afterCommit.quotaUsedOrgId), aiPlanOf('starter').monthlyConversations, 'EX', 35 * 86_400);
  const session = await insertSession(afterCommit.otherSession);
  if (!session) throw new Error("the demo's other session exists already");
  return session.id;
}

const otherSession = (projectId: string, agentId: string, endUserId: string): NewSession => ({
  projectId,
  agentId,
  externalId: 'other-session-1',
  endUserId,
  channel: 'api',
  version: 'published',
  concurrency: 'reject',
  variables: {},
  metadata: {},
});

async function project(tx: DbTx, orgId: string, name: string): Promise<string> {
  const id = newId('agentProject');
  await tx.agentProject.create({ data: { id, orgId, name } });
  return id;
}

interface KeyOptions {
  type?: 'secret' | 'publishable';
  scopes?: string[];
  allowedOrigins?: string[];
  expiresAt?: Date;
  revokedAt?: Date;
}

async function createKey(tx: DbTx, projectId: string, name: string, options: KeyOptions): Promise<string> {
  const type = options.type ?? 'secret';
  const key = generateAgentKey(type);
  await tx.agentApiKey.create({
    data: {
      id: newId('apiKey'),
      projectId,
      type,
      name,
      prefix: agentKeyDisplayPrefix(key),
      keyHash: hashApiKey(key),
      allScopes: type === 'secret' && options.scopes === undefined,
      scopes: options.scopes ?? [],
      allowedOrigins: options.allowedOrigins ?? [],
      // A harness is never rate limited by accident (docs/demo-data.md).
      rateLimitPerMin: 6_000,
      expiresAt: options.expiresAt,
      revokedAt: options.revokedAt,
    },
  });
  return key;
}

/** An OpenAI credential holding a simulator key (`OPENAI_BASE_URL` points at the simulator in the demo). */
async function simulatorCredential(tx: DbTx, projectId: string, name: string): Promise<string> {
  const id = newId('providerCredential');
  const apiKey = `sim-demo-${projectId.slice(-8)}`;
  await tx.providerCredential.create({
    data: {
      id,
      projectId,
      provider: 'openai',
      name,
      keyCiphertext: sealSecret(apiKey),
      keyLast4: apiKey.slice(-4),
      status: 'valid',
      checkedAt: new Date(),
    },
  });
  return id;
}

/** The demo shop (simulator/shop/), which `npm run demo` and `npm test` start. */
const shopUrl = config.SHOP_URL;

/** `order_status` (docs/demo-data.md): GET {shop_url}/orders/{{args.order_id}}, its status and delivery date. */
async function httpTool(tx: DbTx, projectId: string): Promise<string> {
  const id = newId('agentTool');
  await tx.agentTool.create({
    data: {
      id,
      projectId,
      name: 'order_status',
      description: "An order's status and expected delivery date, by its number.",
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string', description: 'The order number, e.g. 1234' } },
        required: ['order_id'],
      },
      http: { method: 'GET', url: `${shopUrl}/orders/{{args.order_id}}`, headers: {}, query: {} },
      response: { fields: ['/id', '/status', '/eta'], max_items: 10 },
    },
  });
  return id;
}

const faqText = `# Returns
Returns are accepted within 30 days of delivery, in the original packaging. Refunds reach the card in 5 business days.

# Shipping
Orders inside the city arrive the next day; other cities take three days. Shipping is free over 200 AED.

# الإرجاع
يمكن إرجاع الطلب خلال ثلاثين يومًا من الاستلام في تغليفه الأصلي.

# الشحن
تصل الطلبات داخل المدينة في اليوم التالي، وإلى المدن الأخرى خلال ثلاثة أيام.`;

/** The FAQ knowledge source, indexed in the seed's transaction (no worker needed). */
async function knowledgeSource(tx: DbTx, projectId: string): Promise<string> {
  const id = newId('knowledgeSource');
  await tx.knowledgeSource.create({ data: { id, projectId, name: 'Acme FAQ', type: 'markdown', content: faqText } });
  await writePassages(tx, { id, type: 'markdown' }, faqText);
  return id;
}

async function endUser(tx: DbTx, projectId: string, externalId: string): Promise<string> {
  const id = newId('endUser');
  await tx.agentEndUser.create({ data: { id, projectId, externalId, name: 'Other Customer' } });
  return id;
}

async function agent(
  tx: DbTx,
  projectId: string,
  name: string,
  slug: string,
  rawConfig: unknown,
  options: { archived?: boolean } = {},
): Promise<string> {
  const id = newId('agent');
  const agentConfig = agentConfigSchema.parse(rawConfig) as object;
  await tx.agent.create({
    data: {
      id,
      projectId,
      name,
      slug,
      status: options.archived ? 'archived' : 'active',
      archivedAt: options.archived ? new Date() : null,
      draftConfig: agentConfig,
      draftEtag: newId('agentVersion').slice(4, 20),
      publishedVersion: 1,
      versions: { create: { id: newId('agentVersion'), number: 1, config: agentConfig } },
    },
  });
  return id;
}

/** An organization of its own (the admin is its owner) with one project, credential and agent. */
async function ownOrganization(tx: DbTx, name: string, slug: string, ownerId: string, limits: { aiPlan?: string; dailyCostCapMicros?: bigint }) {
  const orgId = newId('organization');
  await tx.organization.create({ data: { id: orgId, name, slug, ...limits } });
  await tx.membership.create({ data: { id: newId('membership'), orgId, userId: ownerId, role: 'owner' } });
  const projectId = await project(tx, orgId, 'Main');
  await simulatorCredential(tx, projectId, 'Simulator');
  const agentId = await agent(tx, projectId, 'Assistant', `${slug}-assistant`, { model: { id: demoModels.allowed } });
  return { orgId, projectId, agentId };
}
