import { db, type Agent } from '@/server/db';
import { AgentError, type AgentLanguage } from '@/server/errors/agent-error';
import type { BrowserCaller, ClientTokenCaller } from '@/server/agent/access/agent-caller';
import { clientTokenExpiry, readClientToken } from '@/server/agent/access/client-token';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { findPublishedAgent } from '@/server/agent/agents/find-agent';
import { getOrCreateSession } from '@/server/agent/sessions/manage-sessions';
import { admitAnonymousConversation } from '@/server/agent/usage/anonymous-caps';

/**
 * The widget's agent: the one the client token was minted for, else the project's agent whose
 * published configuration has `channels.widget.enabled` (the earliest created, if several).
 * None: 404 `resource_not_found`.
 */
export async function widgetAgent(projectId: string, tokenAgentId: string | null): Promise<{ agent: Agent; config: AgentConfig }> {
  if (tokenAgentId !== null) return findPublishedAgent(projectId, tokenAgentId);
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
  const { greeting, theme } = config.channels.widget;
  return {
    object: 'widget.config' as const,
    agent: { id: agent.id, name: agent.name, greeting: greeting ? greeting[language] : null, locale: language, theme },
  };
}

const widgetSessionExternalId = (endUserId: string, agentId: string) => `widget:${endUserId}:${agentId}`;

/**
 * POST /v1/widget/sessions: this end user's session with the widget's agent, got or created
 * (channel `widget`, concurrency `queue`). A new one for an anonymous visitor counts against the
 * project's anonymous conversations of the day (429 `anonymous_limit_reached`).
 */
export async function getOrCreateWidgetSession(caller: ClientTokenCaller) {
  const { agent } = await widgetAgent(caller.projectId, caller.agentId);
  const endUser = await db.agentEndUser.findUniqueOrThrow({ where: { id: caller.endUserId }, select: { externalId: true } });
  const externalId = widgetSessionExternalId(caller.endUserId, agent.id);
  const existing = await db.agentSession.findUnique({
    where: { projectId_externalId: { projectId: caller.projectId, externalId } },
    select: { id: true },
  });
  const giveBack = existing || !caller.anonymous ? undefined : await admitAnonymousConversation(caller.projectId);
  try {
    const result = await getOrCreateSession(
      caller.projectId,
      {
        agent: agent.id,
        external_id: externalId,
        end_user: { external_id: endUser.externalId },
        channel: 'widget',
        concurrency: existing ? undefined : 'queue',
        if_exists: 'return',
      },
      false,
    );
    // Another request created it first: this one made no conversation.
    if (!result.created) await giveBack?.();
    return { session: result.session, created: result.created };
  } catch (error) {
    await giveBack?.();
    throw error;
  }
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
