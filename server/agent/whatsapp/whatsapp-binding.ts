import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { db, Prisma, type DbTx } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { readAgentConfig, type AgentConfig } from '@/server/agent/agents/agent-config';

export interface WhatsAppBinding {
  agentId: string;
  projectId: string;
  aiPaused: boolean;
  config: AgentConfig;
}

/**
 * The agent that answers a WhatsApp account (docs/agent-api.md §2.2): an active agent of a project
 * of the account's organization whose published version lists the account's id (`acc_…`) in
 * `channels.whatsapp.accounts`, as the demo binds `main`. Publishing refuses a second agent
 * bound to an account (manage-agents.ts); should two be bound all the same (published before
 * that check), the oldest agent answers.
 */
export function findWhatsAppBinding(orgId: string, accountId: string): Promise<WhatsAppBinding | null> {
  // Every inbound message asks; kept a few seconds by the caller cache, which publishing,
  // archiving and the project's AI switch tell (notifyCallerChange).
  return cachedCallerLookup(`whatsapp-binding:${orgId}:${accountId}`, () => queryWhatsAppBinding(orgId, accountId));
}

async function queryWhatsAppBinding(orgId: string, accountId: string): Promise<WhatsAppBinding | null> {
  const rows = await db.$queryRaw<Array<{ agentId: string; projectId: string; aiPaused: boolean; config: unknown }>>`
    SELECT a.id AS "agentId", a.project_id AS "projectId", p.ai_paused AS "aiPaused", v.config
      FROM agents a
      JOIN agent_projects p ON p.id = a.project_id
      JOIN agent_versions v ON v.agent_id = a.id AND v.number = a.published_version
     WHERE p.org_id = ${orgId} AND a.status = 'active' AND v.config -> 'channels' -> 'whatsapp' -> 'accounts' ? ${accountId}
     ORDER BY a.created_at, a.id
     LIMIT 1`;
  const row = rows[0];
  return row ? { agentId: row.agentId, projectId: row.projectId, aiPaused: row.aiPaused, config: readAgentConfig(row.config) } : null;
}

/**
 * Refuses to publish `config` for `agentId` when another active agent of the organization is
 * bound to one of its WhatsApp accounts (422 `validation_failed` at
 * `/channels/whatsapp/accounts`). Publishes in one organization that bind accounts take turns
 * (a transaction lock), so two cannot bind one account at once.
 */
export async function assertAccountsFree(tx: DbTx, projectId: string, agentId: string, config: AgentConfig): Promise<void> {
  const accounts = config.channels.whatsapp.accounts;
  if (accounts.length === 0) return;
  const project = await tx.agentProject.findUniqueOrThrow({ where: { id: projectId }, select: { orgId: true } });
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`whatsapp-binding:${project.orgId}`}))`;
  const [taken] = await accountsBoundElsewhere(tx, project.orgId, agentId, accounts);
  if (taken) {
    throw new AgentError('validation_failed', {
      param: '/channels/whatsapp/accounts',
      details: { detail: `account ${taken.account} already answers with agent ${taken.agent}; an account is bound to one agent.` },
    });
  }
}

/** Other active agents of the organization whose published version is bound to one of `accounts`: `[{account, agent}]`. */
function accountsBoundElsewhere(tx: DbTx, orgId: string, agentId: string, accounts: string[]) {
  return tx.$queryRaw<Array<{ account: string; agent: string }>>`
    SELECT bound.account, a.slug AS agent
      FROM agents a
      JOIN agent_projects p ON p.id = a.project_id
      JOIN agent_versions v ON v.agent_id = a.id AND v.number = a.published_version
      CROSS JOIN LATERAL jsonb_array_elements_text(v.config -> 'channels' -> 'whatsapp' -> 'accounts') AS bound(account)
     WHERE p.org_id = ${orgId} AND a.status = 'active' AND a.id <> ${agentId} AND bound.account IN (${Prisma.join(accounts)})
     ORDER BY bound.account`;
}
