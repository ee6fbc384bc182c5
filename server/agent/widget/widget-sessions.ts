import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { db, type AgentSession } from '@/server/db';
import { getPgPool } from '@/server/db/pg';
import { AgentError, type AgentLanguage } from '@/server/errors/agent-error';
import type { BrowserCaller, ClientTokenCaller } from '@/server/agent/access/agent-caller';
import { clientTokenExpiry, readClientToken } from '@/server/agent/access/client-token';
import { assertAgentReady } from '@/server/agent/agents/agent-readiness';
import { findPublishedAgent, type PublishedAgent } from '@/server/agent/agents/find-agent';
import { loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import { SESSION_COLUMNS } from '@/server/db/rows/agent-sessions';
import { insertSession } from '@/server/agent/sessions/insert-session';
import { presentSession } from '@/server/agent/sessions/present-session';
import { admitAnonymousConversation } from '@/server/agent/usage/anonymous-caps';

/**
 * The widget's agent: the one the client token was minted for, else the project's agent whose
 * published configuration has `channels.widget.enabled` (the earliest created, if several).
 * None: 404 `resource_not_found`. Kept a few seconds by the caller cache, as published
 * configurations are: publishing and archiving announce themselves (notifyCallerChange).
 */
export function widgetAgent(projectId: string, tokenAgentId: string | null): Promise<PublishedAgent> {
  if (tokenAgentId !== null) return findPublishedAgent(projectId, tokenAgentId);
  return cachedCallerLookup(`widget-agent:${projectId}`, () => findWidgetAgent(projectId));
}

async function findWidgetAgent(projectId: string): Promise<PublishedAgent> {
  const candidates = await db.agent.findMany({
    where: { projectId, status: { not: 'archived' }, publishedVersion: { not: null } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  for (const { id } of candidates) {
    const published = await findPublishedAgent(projectId, id);
    if (published.config.channels.widget.enabled) return published;
  }
  throw new AgentError('resource_not_found', { param: 'agent', details: { resource: 'agent with the widget enabled' } });
}

/** GET /v1/widget/config: what the widget shows, in the request's language. */
export async function widgetConfig(caller: BrowserCaller, language: AgentLanguage) {
  const { agent, config } = await widgetAgent(caller.projectId, caller.kind === 'client_token' ? caller.agentId : null);
  const { greeting, theme, ask_email_after_seconds } = config.channels.widget;
  return {
    object: 'widget.config' as const,
    agent: { id: agent.id, name: agent.name, greeting: greeting ? greeting[language] : null, locale: language, theme, ask_email_after_seconds },
  };
}

export const widgetSessionExternalId = (endUserId: string, agentId: string) => `widget:${endUserId}:${agentId}`;

/**
 * POST /v1/widget/sessions: this end user's session with the widget's agent, got or created
 * (channel `widget`, concurrency `queue`). A new one for an anonymous visitor counts against the
 * project's anonymous conversations of the day and its address's of the hour (429
 * `anonymous_limit_reached`). Every visitor's
 * first message waits on this, so it is a lookup and, for a new session, insertSession's one
 * transaction.
 */
export async function getOrCreateWidgetSession(caller: ClientTokenCaller) {
  const { agent, config } = await widgetAgent(caller.projectId, caller.agentId);
  const externalId = widgetSessionExternalId(caller.endUserId, agent.id);
  const existing = await findWidgetSession(caller.projectId, externalId, caller.endUserId);
  if (existing) return { session: presentSession(existing), created: false };

  assertAgentReady(agent.slug, config, await loadProjectModelAccess(caller.projectId));
  const giveBack = caller.anonymous ? await admitAnonymousConversation(caller.projectId, caller.address) : undefined;
  let created: AgentSession | null;
  try {
    created = await insertSession({
      projectId: caller.projectId,
      agentId: agent.id,
      externalId,
      endUserId: caller.endUserId,
      channel: 'widget',
      version: 'published',
      concurrency: 'queue',
      variables: {},
      metadata: {},
    });
  } catch (error) {
    await giveBack?.();
    throw error;
  }
  if (created) return { session: presentSession(created), created: true };
  // Another request created it first: this one made no conversation (given back once, whatever follows).
  await giveBack?.();
  const first = await findWidgetSession(caller.projectId, externalId, caller.endUserId);
  if (!first) throw new AgentError('session_not_found', { param: 'session' });
  return { session: presentSession(first), created: false };
}

/** The widget session of this external id; one of another end user's is 409 `session_end_user_mismatch`. */
async function findWidgetSession(projectId: string, externalId: string, endUserId: string): Promise<AgentSession | null> {
  const { rows } = await getPgPool().query<AgentSession>({
    name: 'agent-widget-session',
    text: `SELECT ${SESSION_COLUMNS} FROM agent_sessions WHERE project_id = $1 AND external_id = $2`,
    values: [projectId, externalId],
  });
  const session = rows[0] ?? null;
  if (session && session.endUserId !== endUserId) throw new AgentError('session_end_user_mismatch', { param: 'session' });
  return session;
}

/**
 * POST /v1/widget/identify: `client_token` is one the site's server minted (POST
 * /v1/client_tokens) for a verified end user of this project; another project's, an anonymous
 * one, or a bad one is 401 `invalid_client_token`, an expired one `token_expired`. When the
 * caller is an anonymous visitor, their sessions (and tickets) move to the verified end user and
 * the visitor is erased (their tokens stop working). The visitor's widget conversation becomes
 * the verified user's widget conversation unless they already have one with that agent.
 */
export async function identifyVisitor(caller: BrowserCaller, clientToken: string) {
  const claims = readClientToken(clientToken, { param: '/client_token' });
  if (claims.prj !== caller.projectId || claims.anon) throw new AgentError('invalid_client_token', { param: '/client_token' });
  const verified = await db.agentEndUser.findFirst({ where: { id: claims.eu, projectId: caller.projectId }, select: { id: true } });
  if (!verified) throw new AgentError('invalid_client_token', { param: '/client_token' });

  let moved = 0;
  if (caller.kind === 'client_token' && caller.anonymous && caller.endUserId !== verified.id) {
    const visitor = caller.endUserId;
    moved = await db.$transaction(async (tx) => {
      const sessions = await tx.agentSession.findMany({ where: { endUserId: visitor }, select: { id: true, externalId: true, agentId: true } });
      for (const session of sessions) {
        const renamed = widgetSessionExternalId(verified.id, session.agentId);
        const takesWidgetId =
          session.externalId === widgetSessionExternalId(visitor, session.agentId) &&
          (await tx.agentSession.count({ where: { projectId: caller.projectId, externalId: renamed } })) === 0;
        await tx.agentSession.update({
          where: { id: session.id },
          data: { endUserId: verified.id, ...(takesWidgetId ? { externalId: renamed } : {}) },
        });
      }
      await tx.agentTicket.updateMany({ where: { endUserId: visitor }, data: { endUserId: verified.id } });
      await tx.agentEndUser.delete({ where: { id: visitor } });
      return sessions.length;
    });
  }
  return {
    object: 'client_token' as const,
    token: clientToken,
    expires_at: clientTokenExpiry(claims).toISOString(),
    end_user_id: verified.id,
    moved_sessions: moved,
  };
}
