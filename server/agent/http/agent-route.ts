import type { AgentWarningCode } from '@/server/errors/agent-codes';
import { AgentError, presentWarning, type AgentLanguage, type AgentWarning } from '@/server/errors/agent-error';
import { agentContract } from '@/server/contract/agent-contract';
import { withHeaders } from '@/server/contract/answers';
import type { NextRouteContext } from '@/server/contract/endpoint';
import { contractRoute, type RouteContract, type RouteRequest } from '@/server/contract/route';
import { countRequest } from '@/server/rate-limit/request-limiter';
import {
  callerBucket,
  type AgentCaller,
  type BrowserCaller,
  type ClientTokenCaller,
  type MemberCaller,
  type ProjectCaller,
} from '@/server/agent/access/agent-caller';
import { assertAgentPermission, authenticateAgentCaller } from '@/server/agent/access/authenticate-agent-caller';
import { isBrowserRoute, type AgentEndpointSpec } from './agent-endpoint';
import { corsHeaders } from './agent-cors';
import { agentLanguageOf } from './agent-language';
import { agentQueryObject, MIB, parseAgentBody, parseAgentParameters, readAgentJson } from './agent-parse';
import { AGENT_API_VERSION, AGENT_VERSION_HEADER, checkAgentVersion } from './agent-version';
import { holdStreamSlot, takeStreamSlot } from './stream-slots';

/** Who reaches a route of each access kind, as authenticateAgentCaller guarantees. */
type CallerFor<S extends AgentEndpointSpec> = S['access'] extends 'project'
  ? NonNullable<S['endUsers']> extends true
    ? ProjectCaller | ClientTokenCaller
    : ProjectCaller
  : S['access'] extends 'organization'
    ? MemberCaller
    : S['access'] extends 'widget'
      ? BrowserCaller
      : AgentCaller;

export interface AgentContext<S extends AgentEndpointSpec> extends Omit<RouteRequest<S, CallerFor<S>>, 'language'> {
  language: AgentLanguage;
  /** Adds a non-fatal note to a successful answer's `warnings`. */
  warn(code: AgentWarningCode, param?: string): void;
}

/** A handler returns the body (sent with the spec's status), `agentReply(...)`, or a full Response (streams). */
export type AgentHandler<S extends AgentEndpointSpec> = (ctx: AgentContext<S>) => Promise<unknown>;

export class AgentReply {
  constructor(
    readonly body: unknown,
    readonly status?: number,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const agentReply = (body: unknown, options: { status?: number; headers?: Record<string, string> } = {}) =>
  new AgentReply(body, options.status, options.headers);

/** What an Idempotency-Key replays for a streamed answer, which cannot be stored (see replayedAs). */
const streamReplays = new WeakMap<Response, unknown>();

/**
 * Marks a streamed answer of an idempotent route with the JSON a repeat of the request gets
 * instead: the stream itself is neither buffered nor stored.
 */
export function replayedAs(stream: Response, body: unknown): Response {
  streamReplays.set(stream, body);
  return stream;
}

/** The answer an Idempotency-Key keeps: the body as sent, or a stream's replay. */
async function storedAnswer(response: Response): Promise<{ status: number; body: string }> {
  if (streamReplays.has(response)) return { status: 200, body: JSON.stringify(streamReplays.get(response)) };
  return { status: response.status, body: await response.clone().text() };
}

/** Browser-less callers without a key (sign-in) are limited per address. */
const MEMBER_LIMIT_PER_MIN = 600;
const ANONYMOUS_LIMIT_PER_MIN = 60;
/** Browsers: per publishable key and address, or per client token's end user. */
const BROWSER_LIMIT_PER_MIN = 120;

/** The headers every /agent answer carries. */
export function agentBaseHeaders(requestId: string, language: AgentLanguage): Record<string, string> {
  return { 'Request-Id': requestId, [AGENT_VERSION_HEADER]: AGENT_API_VERSION, 'Content-Language': language };
}

/** A route handler; `browser` marks one browsers reach, whose preflight agentMethods answers. */
export type AgentRouteHandler = ((request: Request, context: NextRouteContext) => Promise<Response>) & { browser: boolean };

/** The agent contract's part of the one route pipeline (docs/agent-api.md §1.1). */
const agentRoutes: RouteContract<AgentEndpointSpec, AgentCaller, AgentContext<AgentEndpointSpec>> = {
  http: agentContract,
  open(request, spec, requestId) {
    const language = agentLanguageOf(request.headers.get('accept-language'));
    const headers = { ...agentBaseHeaders(requestId, language), ...(isBrowserRoute(spec) ? corsHeaders(request) : {}) };
    return { headers, language };
  },
  async admit(request, spec, address, headers) {
    checkAgentVersion(request.headers.get(AGENT_VERSION_HEADER));
    const caller = await authenticateAgentCaller(request, spec.access, { endUsers: spec.endUsers === true });
    Object.assign(headers, await countAgentRequest(caller, address));
    assertAgentPermission(caller, spec.permission);
    return caller;
  },
  parseParameters: (schema, input) => parseAgentParameters(schema, input as Record<string, string>),
  queryObject: agentQueryObject,
  readBody: (request, spec) => readAgentJson(request, spec.maxBodyBytes ?? MIB),
  parseBody: parseAgentBody,
  idempotency: {
    owner: (caller, address, spec, path) => ({ contract: 'agent', scope: `${callerBucket(caller, address)} ${spec.method} ${path}` }),
    refusal: (kind) =>
      new AgentError(kind === 'invalid' ? 'invalid_idempotency_key' : kind === 'reused' ? 'idempotency_key_reused' : 'idempotency_in_progress', {
        param: 'Idempotency-Key',
      }),
  },
  async answer(spec, request, handler, headers) {
    const warnings: AgentWarning[] = [];
    const ctx = {
      ...request,
      warn: (code: AgentWarningCode, param?: string) => void warnings.push({ code, param }),
    } as AgentContext<AgentEndpointSpec>;
    // A stream's slot is taken before the handler acts: a refused stream has accepted no message.
    const slot = opensStream(spec, request.body) ? await takeStreamSlot(request.caller, request.address) : null;
    // A client that leaves before the stream's body is read frees its slot too.
    if (slot) request.request.signal.addEventListener('abort', () => slot.release(), { once: true });
    try {
      const response = toResponse(spec, await handler(ctx), headers, warnings, request.language);
      if (!slot) return response;
      // The held stream is a new Response: it keeps the replay an Idempotency-Key stores for it.
      const held = holdStreamSlot(slot, response);
      if (streamReplays.has(response)) streamReplays.set(held, streamReplays.get(response));
      return held;
    } catch (error) {
      slot?.release();
      throw error;
    }
  },
  stored: storedAnswer,
};

/**
 * The one route pipeline (server/contract/route.ts) bound to /agent/v1: request id and language,
 * Agent-Version, the caller, the rate limit, the permission, path/query/body validation,
 * Idempotency-Key, the handler, and every outcome in this contract's envelope and headers.
 */
export function agentRoute<S extends AgentEndpointSpec>(spec: S, handler: AgentHandler<S>): AgentRouteHandler {
  const route = contractRoute(agentRoutes as unknown as RouteContract<S, AgentCaller, AgentContext<S>>, spec, handler);
  return Object.assign(route, { browser: isBrowserRoute(spec) });
}

/** Whether the request asks for an event stream: a stream route's GET, or `stream: true` in the body. */
function opensStream(spec: AgentEndpointSpec, body: unknown): boolean {
  if (!spec.response.stream) return false;
  return spec.method === 'GET' || (typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true);
}

async function countAgentRequest(caller: AgentCaller, address: string): Promise<Record<string, string>> {
  const limit =
    caller.kind === 'secret_key'
      ? caller.rateLimitPerMin
      : caller.kind === 'member'
        ? MEMBER_LIMIT_PER_MIN
        : caller.kind === 'anonymous'
          ? ANONYMOUS_LIMIT_PER_MIN
          : BROWSER_LIMIT_PER_MIN;
  const count = await countRequest('agent', callerBucket(caller, address), limit);
  if (count.allowed) return count.headers;
  throw new AgentError('rate_limited', { details: { seconds: count.retryAfterS }, headers: count.headers });
}

function toResponse(
  spec: AgentEndpointSpec,
  result: unknown,
  headers: Record<string, string>,
  warnings: AgentWarning[],
  language: AgentLanguage,
): Response {
  if (result instanceof Response) return withHeaders(result, headers);
  const reply = result instanceof AgentReply ? result : new AgentReply(result);
  const status = reply.status ?? spec.response.status;
  const allHeaders = { ...headers, ...reply.headers };
  if (status === 204) return new Response(null, { status, headers: allHeaders });
  const body =
    warnings.length > 0 && reply.body && typeof reply.body === 'object' && !Array.isArray(reply.body)
      ? { ...reply.body, warnings: warnings.map((w) => presentWarning(w, language)) }
      : reply.body;
  return Response.json(body, { status, headers: allHeaders });
}
