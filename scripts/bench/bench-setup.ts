import { Redis } from 'ioredis';
import pg from 'pg';
import { applyMigrations, ensureDatabase } from '../db/migrations';
import { randomSecrets } from '../lib/local-secrets';

/**
 * What every benchmark needs: its own database and Redis database (reset), and a tenant
 * shaped like a real one whose API key has a limit the benchmark cannot reach. The
 * environment is set before the service's modules load, since they read it once.
 */
export function benchEnv(port: number, simulatorPort: number): NodeJS.ProcessEnv & Record<'DATABASE_URL' | 'REDIS_URL', string> {
  const base = `http://127.0.0.1:${port}`;
  const env = {
    // Production refuses the public development secrets; a benchmark's own are made fresh.
    ...randomSecrets(),
    ...process.env,
    NODE_ENV: 'production' as const,
    PORT: String(port),
    APP_URL: base,
    NEXTAUTH_URL: base,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/wa_platform_bench',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/4',
    REDIS_PREFIX: 'wa_bench',
    LOG_LEVEL: 'warn',
    PLATFORM_BASE_URL: `http://127.0.0.1:${simulatorPort}`,
    SIMULATOR_PORT: String(simulatorPort),
    SIMULATOR_WEBHOOK_URL: `${base}/api/platform/webhook`,
  };
  Object.assign(process.env, env);
  return env;
}

/** benchEnv with the AI providers pointed at an AI simulator on `aiPort` (the agent service's benchmarks). */
export function agentBenchEnv(port: number, simulatorPort: number, aiPort: number) {
  const env = benchEnv(port, simulatorPort);
  Object.assign(env, {
    OPENAI_BASE_URL: `http://127.0.0.1:${aiPort}/openai/v1`,
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${aiPort}/anthropic`,
    AI_SIMULATOR_URL: `http://127.0.0.1:${aiPort}`,
  });
  Object.assign(process.env, env);
  return env;
}

/** A fresh benchmark database (dropped and migrated) and an empty Redis database. */
export async function resetStores(env: { DATABASE_URL: string; REDIS_URL: string }): Promise<void> {
  const url = new URL(env.DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!name.includes('bench')) throw new Error(`Refusing to drop ${name}: benchmark databases have "bench" in their name`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await ensureDatabase(env.DATABASE_URL);
  await applyMigrations(env.DATABASE_URL);
  const redis = new Redis(env.REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
}

/** An organization with a portfolio, two numbers (`main` sending up to `throughputPerSec`) and an API key. */
export async function createBenchTenant(options: { throughputPerSec?: number; messagingLimit?: number } = {}) {
  const { db } = await import('../../server/db');
  const { newId } = await import('../../server/db/ids');
  const { apiScopes } = await import('../../server/api-keys/scopes');
  const { displayPrefix, generateApiKey, hashApiKey } = await import('../../server/api-keys/key-format');
  const orgId = newId('organization');
  await db.organization.create({ data: { id: orgId, name: 'Bench', slug: `bench-${orgId.slice(-8).toLowerCase()}` } });
  const portfolioId = newId('portfolio');
  await db.businessPortfolio.create({
    data: {
      id: portfolioId,
      orgId,
      name: 'Bench',
      wabaId: `9${Date.now()}`,
      messagingLimit: options.messagingLimit ?? -1,
      messagingLimitTier: 'TIER_UNLIMITED',
    },
  });
  const accounts: Array<{ id: string; phoneId: string }> = [];
  for (const name of ['main', 'support']) {
    const account = { id: newId('account'), phoneId: `7${Date.now()}${accounts.length}` };
    await db.account.create({
      data: {
        ...account,
        orgId,
        portfolioId,
        name,
        displayPhoneNumber: '+1 555-000-0000',
        isDefaultOutgoing: name === 'main',
        throughputPerSec: options.throughputPerSec ?? 80,
      },
    });
    accounts.push(account);
  }
  const key = generateApiKey();
  await db.apiKey.create({
    data: {
      id: newId('apiKey'),
      orgId,
      name: 'bench',
      prefix: displayPrefix(key),
      keyHash: hashApiKey(key),
      scopes: [...apiScopes],
      rateLimitPerMin: 100_000_000,
    },
  });
  return { db, orgId, accounts, key };
}

/** One of the demo templates, as synced, on the tenant's account (the simulator knows it too). */
export async function createBenchTemplate(orgId: string, accountId: string, name: string): Promise<void> {
  const { db } = await import('../../server/db');
  const { newId } = await import('../../server/db/ids');
  const { demoWorld } = await import('../../server/seed/demo-world');
  const { templateShapeFromPlatform } = await import('../../server/templates/from-platform');
  const platformTemplate = demoWorld.acme.templates.find((t) => t.name === name);
  if (!platformTemplate) throw new Error(`No demo template ${name}`);
  const shape = templateShapeFromPlatform(platformTemplate);
  await db.template.create({
    data: {
      id: newId('template'),
      orgId,
      accountId,
      platformTemplateId: platformTemplate.id,
      name,
      language: platformTemplate.language,
      category: shape.category,
      status: shape.status,
      parameterFormat: shape.parameterFormat,
      body: shape.body,
      buttons: shape.buttons,
      components: platformTemplate.components as object[],
    },
  });
}

/**
 * An agent service tenant: an organization on the enterprise plan, a project with a secret key
 * whose limit the benchmark cannot reach, an OpenAI credential on the simulator key `simKey`,
 * and the published agent `bench` with `rawConfig`; in the organization `orgId` when given (a
 * messaging tenant's, whose accounts the agent answers).
 */
export async function createAgentBenchTenant(simKey: string, rawConfig: unknown, options: { orgId?: string } = {}) {
  const { db } = await import('../../server/db');
  const { newId } = await import('../../server/db/ids');
  const { hashApiKey } = await import('../../server/api-keys/key-format');
  const { agentKeyDisplayPrefix, generateAgentKey } = await import('../../server/agent/access/agent-key-format');
  const { sealSecret } = await import('../../server/secrets/secret-cipher');
  const { agentConfigSchema } = await import('../../server/agent/agents/agent-config');
  const orgId = options.orgId ?? newId('organization');
  if (options.orgId) await db.organization.update({ where: { id: orgId }, data: { aiPlan: 'enterprise' } });
  else await db.organization.create({ data: { id: orgId, name: 'Bench', slug: `bench-${orgId.slice(-8).toLowerCase()}`, aiPlan: 'enterprise' } });
  const projectId = newId('agentProject');
  await db.agentProject.create({ data: { id: projectId, orgId, name: 'Bench' } });
  const key = generateAgentKey('secret');
  await db.agentApiKey.create({
    data: {
      id: newId('apiKey'),
      projectId,
      type: 'secret',
      name: 'bench',
      prefix: agentKeyDisplayPrefix(key),
      keyHash: hashApiKey(key),
      allScopes: true,
      rateLimitPerMin: 100_000_000,
    },
  });
  await db.providerCredential.create({
    data: {
      id: newId('providerCredential'),
      projectId,
      provider: 'openai',
      name: 'Simulator',
      keyCiphertext: sealSecret(simKey),
      keyLast4: simKey.slice(-4),
      status: 'valid',
      checkedAt: new Date(),
    },
  });
  const agentConfig = agentConfigSchema.parse(rawConfig) as object;
  await db.agent.create({
    data: {
      id: newId('agent'),
      projectId,
      name: 'Bench',
      slug: 'bench',
      draftConfig: agentConfig,
      draftEtag: 'bench',
      publishedVersion: 1,
      versions: { create: { id: newId('agentVersion'), number: 1, config: agentConfig } },
    },
  });
  return { orgId, projectId, key };
}
