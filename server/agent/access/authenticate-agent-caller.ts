import { noteKeyUsed } from '@/server/api/last-used';
import { config } from '@/server/config';
import { getSessionUser } from '@/server/auth/get-session-user';
import { AgentError } from '@/server/errors/agent-error';
import { isSameOriginRequest } from '@/server/http/same-origin';
import { ACTIVE_ORG_COOKIE } from '@/server/orgs/active-org-cookie';
import { resolveActiveOrg } from '@/server/orgs/resolve-active-org';
import { readCookie } from '@/server/trpc/read-cookie';
import type { AgentAccess } from '@/server/agent/http/agent-endpoint';
import { getPgPool } from '@/server/db/pg';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import type { AgentCaller, ClientTokenCaller } from './agent-caller';
import { CLIENT_TOKEN_PREFIX, clientTokenExpiry, readClientToken } from './client-token';
import { agentKeyPattern } from './agent-key-format';
import { loadAgentKey } from './load-agent-key';
import { memberOfProject } from './member-project';
import { roleAllows, type AgentPermission } from './agent-permissions';

export const PROJECT_HEADER = 'x-project-id';

/**
 * The caller of an /agent/v1 request (docs/agent-api.md §1.2), checked in the contract's order:
 * a bearer credential wins over the dashboard cookie; keys reach their own project only;
 * cookie requests must be same-origin JSON and name their project in X-Project-Id.
 */
export async function authenticateAgentCaller(request: Request, access: AgentAccess, options: { endUsers?: boolean } = {}): Promise<AgentCaller> {
  // A public route needs no credential, so it ignores any it is given (a client sending its key everywhere still reads it).
  if (access === 'public') {
    if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOriginJson(request);
    return { kind: 'anonymous' };
  }
  const authorization = request.headers.get('authorization');
  if (authorization !== null) return bearerCaller(request, authorization, access, options.endUsers === true);
  if (access === 'widget') throw new AgentError('authentication_required');
  const user = await getSessionUser();
  if (!user) throw new AgentError('authentication_required');
  assertSameOriginJson(request);

  if (access === 'organization') {
    const { active } = await resolveActiveOrg({ userId: user.id, requestedOrgId: readCookie(request.headers.get('cookie'), ACTIVE_ORG_COOKIE) });
    if (!active) throw new AgentError('permission_denied', { details: { permission: 'organization:read' } });
    return { kind: 'member', userId: user.id, email: user.email, orgId: active.orgId, role: active.role, projectId: null };
  }
  const projectId = request.headers.get(PROJECT_HEADER);
  if (!projectId) throw new AgentError('project_required', { param: 'X-Project-Id' });
  return memberOfProject(user, projectId);
}

/**
 * A bearer credential, told apart by its prefix: `agct_` a client token (widget routes, and as
 * its end user on `endUsers` routes), `agpk_live_` a publishable key (widget routes, from an
 * allowed Origin), `agk_live_` a secret key (project routes). Anywhere else a browser
 * credential is 403 `principal_not_allowed`, a secret key on a widget route too.
 */
async function bearerCaller(request: Request, authorization: string, access: AgentAccess, endUsers: boolean): Promise<AgentCaller> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (!token) throw new AgentError('authentication_required');
  const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? '';
  if (token.startsWith(CLIENT_TOKEN_PREFIX)) {
    if (access !== 'widget' && !endUsers) throw new AgentError('principal_not_allowed');
    const caller = await clientTokenCaller(token, address);
    assertProjectNamed(request, caller.projectId);
    return caller;
  }
  if (!agentKeyPattern.test(token)) throw new AgentError('invalid_api_key');
  const key = await loadAgentKey(token);
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) throw new AgentError('invalid_api_key');
  if (key.type === 'publishable' && access === 'widget') {
    assertProjectNamed(request, key.projectId);
    const origin = pageOrigin(request);
    if (!origin) throw new AgentError('origin_required');
    if (!key.allowedOrigins.includes(origin)) throw new AgentError('origin_not_allowed', { details: { origin } });
    noteKeyUsed(key.id);
    return { kind: 'publishable_key', keyId: key.id, projectId: key.projectId, orgId: key.orgId, origin, address };
  }
  if (key.type !== 'secret' || access !== 'project') throw new AgentError('principal_not_allowed');
  assertProjectNamed(request, key.projectId);
  noteKeyUsed(key.id);
  return {
    kind: 'secret_key',
    keyId: key.id,
    projectId: key.projectId,
    orgId: key.orgId,
    allScopes: key.allScopes,
    scopes: key.scopes,
    rateLimitPerMin: key.rateLimitPerMin,
  };
}

/**
 * The page's origin: its Origin header; browsers send none on a same-origin GET, so a page this
 * server serves (the widget's demo page) is then this server's own origin.
 */
function pageOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') return origin;
  if (!origin && request.headers.get('sec-fetch-site') === 'same-origin') return new URL(config.APP_URL).origin;
  return null;
}

function assertProjectNamed(request: Request, projectId: string): void {
  const named = request.headers.get(PROJECT_HEADER);
  if (named !== null && named !== projectId) throw new AgentError('project_mismatch', { param: 'X-Project-Id' });
}

/** A client token's caller: well signed, not expired, and its end user still there (an erased one's tokens are invalid). */
async function clientTokenCaller(token: string, address: string): Promise<ClientTokenCaller> {
  const claims = readClientToken(token);
  const { rows } = await getPgPool().query<{ orgId: string }>({
    name: 'agent-client-token-end-user',
    text: `SELECT p.org_id AS "orgId" FROM agent_end_users e JOIN agent_projects p ON p.id = e.project_id WHERE e.id = $1 AND e.project_id = $2`,
    values: [claims.eu, claims.prj],
  });
  if (!rows[0]) throw new AgentError('invalid_client_token');
  return {
    kind: 'client_token',
    projectId: claims.prj,
    orgId: rows[0].orgId,
    endUserId: claims.eu,
    agentId: claims.agt ?? null,
    anonymous: claims.anon === true,
    expiresAt: clientTokenExpiry(claims),
    address,
  };
}

/** The CSRF rule for cookie requests: same-origin, and a body only as JSON. */
function assertSameOriginJson(request: Request): void {
  if (!isSameOriginRequest(request.headers)) throw new AgentError('csrf_check_failed');
  const hasBody = request.headers.get('content-length') !== null && request.headers.get('content-length') !== '0';
  const type = request.headers.get('content-type') ?? '';
  if ((hasBody || request.headers.has('transfer-encoding')) && !/^application\/json\b/i.test(type)) throw new AgentError('csrf_check_failed');
}

/** Keys need the scope (or `permissions: all`), members the role's permission. */
/** Whether the caller holds a permission, for rules that depend on it inside a route (draft sessions need agents:write). */
export function callerMay(caller: AgentCaller, permission: AgentPermission): boolean {
  if (caller.kind !== 'secret_key' && caller.kind !== 'member') return false;
  if (caller.kind === 'secret_key') return caller.allScopes || caller.scopes.includes(permission);
  return roleAllows(caller.role, permission);
}

export function assertAgentPermission(caller: AgentCaller, permission: AgentPermission | undefined): void {
  // Browser callers hold no scopes: what they reach is decided by the route's access kind and ownership.
  if (!permission || (caller.kind !== 'secret_key' && caller.kind !== 'member')) return;
  if (caller.kind === 'secret_key') {
    if (!caller.allScopes && !caller.scopes.includes(permission)) throw new AgentError('insufficient_scope', { details: { scope: permission } });
    return;
  }
  if (!roleAllows(caller.role, permission)) throw new AgentError('permission_denied', { details: { permission } });
}
