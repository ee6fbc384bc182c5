import { db, Prisma, type AgentSession } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { readAgentConfig, type AgentConfig } from '@/server/agent/agents/agent-config';
import { assertAgentReady } from '@/server/agent/agents/agent-readiness';
import { findAgent, findPublishedAgent } from '@/server/agent/agents/find-agent';
import { applyMergePatch } from '@/server/agent/agents/merge-patch';
import type { VariableValue } from '@/server/agent/ask/ask-variables';
import { checkExternalId } from '@/server/agent/end-users/external-id';
import { getOrCreateEndUser, type EndUserInput } from '@/server/agent/end-users/manage-end-users';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { findCatalogueModel } from '@/server/agent/models/catalogue';
import { isModelConfigured, loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import { prismaSql } from '@/server/db/sql';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';
import { insertSession } from './insert-session';
import { presentSession } from './present-session';
import { checkSessionVariables } from './session-variables';
import { assertPlaygroundRoom } from '@/server/agent/usage/ai-usage-limits';

export type SessionMetadata = Record<string, string | number | boolean | null>;

export interface SessionInput {
  agent: string;
  external_id?: string;
  end_user?: EndUserInput;
  /** `whatsapp` only from the bot hook (server/agent/whatsapp/), `widget` only from POST /v1/widget/sessions; never from a request's body. */
  channel?: 'api' | 'playground' | 'whatsapp' | 'widget';
  version?: 'published' | 'draft' | number;
  concurrency?: 'reject' | 'queue';
  variables?: Record<string, VariableValue>;
  metadata?: SessionMetadata;
  if_exists: 'return' | 'error';
}

/**
 * Get-or-create (docs/agent-api.md §1.3): with an `external_id` that exists, the session as it is
 * (200, `ignored` when creation settings were sent), unless `if_exists: error`, another agent
 * or another end user; otherwise a new session (201) on an agent that can answer now.
 * `mayUseDraft`: the caller may edit agents (draft sessions are theirs, in the playground).
 */
export async function getOrCreateSession(projectId: string, input: SessionInput, mayUseDraft: boolean) {
  if (input.external_id !== undefined) {
    checkExternalId(input.external_id, 'session', '/external_id');
    const existing = await db.agentSession.findUnique({ where: { projectId_externalId: { projectId, externalId: input.external_id } } });
    if (existing) return { ...(await reuse(projectId, existing, input)), created: false };
  }
  const agent = await findAgent(projectId, input.agent);
  const channel = input.channel ?? 'api';
  const version = input.version ?? 'published';
  const config = await answeringConfig(projectId, agent.id, version, channel, mayUseDraft);
  checkSessionVariables(config.variables, input.variables ?? {});
  if (channel === 'playground' && findCatalogueModel(config.model.id)?.platform_provided) await assertPlaygroundRoom(projectId);
  const endUser = input.end_user ? (await getOrCreateEndUser(projectId, input.end_user)).endUser : null;
  const row = await insertSession({
    projectId,
    agentId: agent.id,
    externalId: input.external_id ?? null,
    endUserId: endUser?.id ?? null,
    channel,
    version: String(version),
    concurrency: input.concurrency ?? config.concurrency_default,
    variables: input.variables ?? {},
    metadata: input.metadata ?? {},
  });
  if (row) return { session: presentSession(row), created: true, ignored: false };
  // Another request created it first: the same answer as if this one had come second.
  const existing = await db.agentSession.findUniqueOrThrow({ where: { projectId_externalId: { projectId, externalId: input.external_id! } } });
  return { ...(await reuse(projectId, existing, input)), created: false };
}

async function reuse(projectId: string, existing: AgentSession, input: SessionInput) {
  if (input.if_exists === 'error') throw new AgentError('session_exists', { param: '/external_id' });
  const agent = await findAgent(projectId, input.agent, { archived: true });
  if (agent.id !== existing.agentId) throw new AgentError('session_agent_mismatch', { param: '/agent' });
  if (input.end_user) {
    const endUser = await db.agentEndUser.findUnique({
      where: { projectId_externalId: { projectId, externalId: input.end_user.external_id } },
      select: { id: true },
    });
    if (endUser?.id !== existing.endUserId || existing.endUserId === null)
      throw new AgentError('session_end_user_mismatch', { param: '/end_user' });
  }
  const ignored = [input.channel, input.version, input.concurrency, input.variables, input.metadata].some((value) => value !== undefined);
  return { session: presentSession(existing), ignored };
}

/**
 * The configuration a new session would answer with, refusing what could not answer: a draft
 * outside the playground or for a caller who may not edit agents (`draft_not_allowed`), a draft
 * whose model has no key (`model_not_configured`), an agent with readiness blockers.
 */
async function answeringConfig(
  projectId: string,
  agentId: string,
  version: 'published' | 'draft' | number,
  channel: string,
  mayUseDraft: boolean,
): Promise<AgentConfig> {
  const access = await loadProjectModelAccess(projectId);
  if (version === 'draft') {
    if (channel !== 'playground' || !mayUseDraft) throw new AgentError('draft_not_allowed', { param: '/version' });
    const agent = await findAgent(projectId, agentId);
    const config = readAgentConfig(agent.draftConfig);
    const model = findCatalogueModel(config.model.id);
    if (model && !isModelConfigured(access, model, config.provider_credential)) {
      throw new AgentError('model_not_configured', { param: '/version', details: { model: model.id } });
    }
    assertAgentReady(agent.slug, config, access);
    return config;
  }
  const published = await findPublishedAgent(projectId, agentId, version === 'published' ? undefined : version);
  assertAgentReady(published.agent.slug, published.config, access);
  return published.config;
}

export async function getSession(projectId: string, ref: string) {
  return presentSession(await findSession(projectId, ref));
}

export function listSessions(projectId: string, params: AgentListParams) {
  return pageAgentList(
    params,
    (id) => db.agentSession.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.agentSession.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentSession,
  );
}

export interface SessionPatch {
  variables?: Record<string, VariableValue | null>;
  metadata?: SessionMetadata;
  concurrency?: 'reject' | 'queue';
  status?: 'closed';
  end_user?: { external_id: string };
}

/** Variables and metadata merge (null removes a key); `status: closed` closes it; a session's end user never changes. */
export async function updateSession(projectId: string, ref: string, patch: SessionPatch) {
  const session = await findSession(projectId, ref);
  if (patch.end_user) {
    const endUser = await db.agentEndUser.findUnique({
      where: { projectId_externalId: { projectId, externalId: patch.end_user.external_id } },
      select: { id: true },
    });
    if (session.endUserId === null || endUser?.id !== session.endUserId)
      throw new AgentError('session_end_user_mismatch', { param: '/end_user' });
  }
  if (patch.variables) checkSessionVariables((await sessionConfig(session)).variables, patch.variables);
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.agentSession.update({
      where: { id: session.id },
      data: {
        variables: patch.variables ? (applyMergePatch(session.variables, patch.variables) as Prisma.InputJsonObject) : undefined,
        metadata: patch.metadata ? (applyMergePatch(session.metadata, patch.metadata) as Prisma.InputJsonObject) : undefined,
        concurrency: patch.concurrency,
      },
    });
    if (patch.status !== 'closed') return row;
    // Closed once: of two closings at once, only the one that changed the status announces it.
    const { count } = await tx.agentSession.updateMany({
      where: { id: session.id, status: { not: 'closed' } },
      data: { status: 'closed', closedAt: new Date() },
    });
    if (count === 0) return row;
    const closed = await tx.agentSession.findUniqueOrThrow({ where: { id: session.id } });
    await recordAgentEvent(prismaSql(tx), { projectId, type: 'session.closed', data: presentSession(closed) });
    return closed;
  });
  return presentSession(updated);
}

/** The configuration a session answers with: the draft, the published version, or its pinned one. */
async function sessionConfig(session: AgentSession): Promise<AgentConfig> {
  const agent = await db.agent.findUniqueOrThrow({ where: { id: session.agentId } });
  if (session.version === 'draft') return readAgentConfig(agent.draftConfig);
  const number = session.version === 'published' ? agent.publishedVersion : Number(session.version);
  const version = number === null ? null : await db.agentVersion.findUnique({ where: { agentId_number: { agentId: agent.id, number } } });
  return readAgentConfig(version?.config ?? agent.draftConfig);
}

/** By `sess_…` id or by external id; another project's, or none, is 404 `session_not_found`. */
export async function findSession(projectId: string, ref: string, owner?: string): Promise<AgentSession> {
  const where = ref.startsWith('sess_') ? { id: ref, projectId } : { projectId, externalId: ref };
  const row = await db.agentSession.findFirst({ where: owner === undefined ? where : { ...where, endUserId: owner } });
  if (!row) throw new AgentError('session_not_found', { param: 'session' });
  return row;
}
