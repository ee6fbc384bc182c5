import { requestIdOf } from '@/server/api/request-id';
import { AgentError } from '@/server/errors/agent-error';
import { agentLanguageOf } from './agent-language';
import { agentContract } from '@/server/contract/agent-contract';
import { errorAnswer } from '@/server/contract/http-error-mapper';
import { agentBaseHeaders } from './agent-route';
import { preflightHeaders } from './agent-cors';

/**
 * What an /agent route file exports, so no answer under /agent comes from Next.js itself:
 * its handlers, HEAD as GET, OPTIONS listing `Allow`, and 405 `method_not_allowed` with
 * `Allow` for every other method.
 */
type RouteHandler = (request: Request, context: never) => Promise<Response> | Response;
type OwnMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Method = OwnMethod | 'HEAD' | 'OPTIONS';

export function agentRefusal(request: Request, error: AgentError, extraHeaders: Record<string, string> = {}): Response {
  const requestId = requestIdOf(request);
  const language = agentLanguageOf(request.headers.get('accept-language'));
  return errorAnswer(agentContract, error, { ...agentBaseHeaders(requestId, language), ...extraHeaders }, requestId, language);
}

export function agentMethods<H extends Partial<Record<OwnMethod, RouteHandler>>>(handlers: H): H & Record<Method, RouteHandler> {
  const allow = [...Object.keys(handlers), ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  // A route browsers reach answers their preflight (agentRoute marks its handlers `browser`).
  const browser = Object.values(handlers).some((handler) => (handler as { browser?: boolean } | undefined)?.browser === true);
  const refuse = (request: Request) =>
    agentRefusal(
      request,
      new AgentError('method_not_allowed', { details: { method: request.method, path: new URL(request.url).pathname, allow } }),
      { Allow: allow },
    );
  return {
    GET: refuse,
    POST: refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
    HEAD: handlers.GET ?? refuse,
    OPTIONS: (request: Request) => {
      const language = agentLanguageOf(request.headers.get('accept-language'));
      const cors = browser ? preflightHeaders(request.headers.get('origin'), allow) : {};
      return new Response(null, { status: 204, headers: { ...agentBaseHeaders(requestIdOf(request), language), Allow: allow, ...cors } });
    },
    ...handlers,
  };
}

/** Every method of the /agent catch-all: a path that names no endpoint. */
export function unknownAgentPath(): Record<Method, RouteHandler> {
  const answer = (request: Request) =>
    agentRefusal(request, new AgentError('route_not_found', { details: { path: new URL(request.url).pathname } }));
  return { GET: answer, HEAD: answer, POST: answer, PUT: answer, PATCH: answer, DELETE: answer, OPTIONS: answer };
}
