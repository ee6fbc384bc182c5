import { createHash, randomBytes } from 'node:crypto';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { getPgPool } from '@/server/db/pg';
import { AgentError } from '@/server/errors/agent-error';
import type { PublishableKeyCaller } from '@/server/agent/access/agent-caller';
import { clientTokenExpiry, mintClientToken, readClientToken, type ClientTokenClaims } from '@/server/agent/access/client-token';
import { findAgent } from '@/server/agent/agents/find-agent';
import { checkExternalId } from '@/server/agent/end-users/external-id';
import { getOrCreateEndUser, type EndUserInput } from '@/server/agent/end-users/manage-end-users';
import { assertAnonymousConversationRoom } from '@/server/agent/usage/anonymous-caps';

/** An anonymous widget visitor's token lives 15 minutes; refreshing takes one up to a day past its expiry (docs/agent-api.md §1.3). */
export const ANONYMOUS_TOKEN_TTL_S = 900;
export const REFRESH_GRACE_S = 86_400;

export interface ClientTokenInput {
  end_user: EndUserInput;
  agent?: string;
  ttl_seconds: number;
}

const tokenAnswer = (token: string, claims: Pick<ClientTokenClaims, 'exp' | 'eu'>) => ({
  object: 'client_token' as const,
  token,
  expires_at: clientTokenExpiry(claims).toISOString(),
  end_user_id: claims.eu,
});

/**
 * POST /v1/client_tokens: the site's server vouches for one of its users. The end user is got
 * or created by `external_id` and marked verified (tools that require a verified customer run
 * for them); `agent` (id or slug) pins the widget's agent.
 */
export async function mintServerClientToken(projectId: string, input: ClientTokenInput) {
  checkExternalId(input.end_user.external_id, 'end_user', '/end_user/external_id');
  const agent = input.agent === undefined ? null : await findAgent(projectId, input.agent);
  const { endUser } = await getOrCreateEndUser(projectId, input.end_user, { verified: true });
  if (!endUser.verified) await db.agentEndUser.update({ where: { id: endUser.id }, data: { verified: true } });
  const expiresAt = new Date(Date.now() + input.ttl_seconds * 1000);
  const claims = { prj: projectId, eu: endUser.id, ...(agent ? { agt: agent.id } : {}), anon: false };
  const token = mintClientToken(claims, expiresAt);
  return tokenAnswer(token, { eu: endUser.id, exp: Math.floor(expiresAt.getTime() / 1000) });
}

/**
 * A visitor's id works as their login (whoever sends it gets their token), so it is a secret of
 * their browser: the end user keeps only its SHA-256, which anyone reading end users may see.
 */
export const visitorExternalId = (visitorId: string) => `visitor:${createHash('sha256').update(visitorId).digest('hex')}`;

/**
 * POST /v1/widget/token: a token for an anonymous visitor, 15 minutes. `visitor_id` is the
 * widget's own random id for the browser (kept in its storage), so a returning visitor is the
 * same end user (`external_id` `visitor:<SHA-256 of visitor_id>`); without one a new id is made
 * and returned. Once the project's anonymous conversations of the day are used up, 429
 * `anonymous_limit_reached`.
 */
export async function mintVisitorToken(caller: PublishableKeyCaller, input: { visitor_id?: string }) {
  await assertAnonymousConversationRoom(caller.projectId);
  const visitorId = input.visitor_id ?? randomBytes(16).toString('base64url');
  const endUser = await visitorEndUser(caller.projectId, visitorExternalId(visitorId));
  if (endUser.verified) throw new AgentError('validation_failed', { param: '/visitor_id', details: { detail: 'this visitor was identified.' } });
  return { ...anonymousToken(caller.projectId, endUser.id), visitor_id: visitorId };
}

/**
 * The visitor's end user, got or created in one statement (every new visitor's first request
 * waits on it). Two first requests of one visitor at once: the one whose insert lost finds the
 * other's row on its second try.
 */
async function visitorEndUser(projectId: string, externalId: string): Promise<{ id: string; verified: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const { rows } = await getPgPool().query<{ id: string; verified: boolean }>({
      name: 'agent-visitor-end-user',
      text: `WITH found AS (SELECT id, verified FROM agent_end_users WHERE project_id = $2 AND external_id = $3),
             created AS (
               INSERT INTO agent_end_users (id, project_id, external_id) SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM found)
               ON CONFLICT (project_id, external_id) DO NOTHING RETURNING id, verified
             )
             SELECT id, verified FROM found UNION ALL SELECT id, verified FROM created`,
      values: [newId('endUser'), projectId, externalId],
    });
    if (rows[0]) return rows[0];
    if (attempt === 2) throw new Error(`end user ${externalId} neither found nor created`);
  }
}

function anonymousToken(projectId: string, endUserId: string) {
  const expiresAt = new Date(Date.now() + ANONYMOUS_TOKEN_TTL_S * 1000);
  const token = mintClientToken({ prj: projectId, eu: endUserId, anon: true }, expiresAt);
  return tokenAnswer(token, { eu: endUserId, exp: Math.floor(expiresAt.getTime() / 1000) });
}

/**
 * POST /v1/widget/token/refresh: a new 15-minute token for the anonymous visitor of `token`,
 * which may be valid or expired less than a day. Another project's token, a server-minted one
 * (your server mints those again), or one whose end user is gone: 401 `invalid_client_token`.
 */
export async function refreshVisitorToken(caller: PublishableKeyCaller, token: string) {
  const claims = readClientToken(token, { param: '/token', graceS: REFRESH_GRACE_S });
  if (claims.prj !== caller.projectId || !claims.anon) throw new AgentError('invalid_client_token', { param: '/token' });
  const endUser = await db.agentEndUser.findFirst({ where: { id: claims.eu, projectId: caller.projectId }, select: { id: true } });
  if (!endUser) throw new AgentError('invalid_client_token', { param: '/token' });
  const expiresAt = new Date(Date.now() + ANONYMOUS_TOKEN_TTL_S * 1000);
  const fresh = mintClientToken({ prj: claims.prj, eu: claims.eu, ...(claims.agt ? { agt: claims.agt } : {}), anon: true }, expiresAt);
  return tokenAnswer(fresh, { eu: claims.eu, exp: Math.floor(expiresAt.getTime() / 1000) });
}
