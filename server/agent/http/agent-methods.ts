import { requestIdOf } from '@/server/http/request-id';
import { AgentError } from '@/server/errors/agent-error';
import { agentLanguageOf } from './agent-language';
import { agentContract } from '@/server/contract/agent-contract';
import { errorAnswer } from '@/server/contract/http-error-mapper';
import { routeMethods, unknownPath, type OwnMethod, type RouteHandler } from '@/server/contract/route-methods';
import { agentBaseHeaders } from './agent-route';
import { preflightHeaders } from './agent-cors';

/** What an /agent route file exports (server/contract/route-methods.ts), answered in the agent contract. */
export function agentRefusal(request: Request, error: AgentError, extraHeaders: Record<string, string> = {}): Response {
  const requestId = requestIdOf(request);
  const language = agentLanguageOf(request.headers.get('accept-language'));
  return errorAnswer(agentContract, error, { ...agentBaseHeaders(requestId, language), ...extraHeaders }, requestId, language);
}

export function agentMethods<H extends Partial<Record<OwnMethod, RouteHandler>>>(handlers: H) {
  // A route browsers reach answers their preflight (agentRoute marks its handlers `browser`).
  const browser = Object.values(handlers).some((handler) => (handler as { browser?: boolean } | undefined)?.browser === true);
  return routeMethods(handlers, {
    refuse: (request, allow) =>
      agentRefusal(
        request,
        new AgentError('method_not_allowed', { details: { method: request.method, path: new URL(request.url).pathname, allow } }),
        { Allow: allow },
      ),
    options: (request, allow) => {
      const language = agentLanguageOf(request.headers.get('accept-language'));
      const cors = browser ? preflightHeaders(request.headers.get('origin'), allow) : {};
      return new Response(null, { status: 204, headers: { ...agentBaseHeaders(requestIdOf(request), language), Allow: allow, ...cors } });
    },
  });
}

/** Every method of the /agent catch-all: a path that names no endpoint. */
export function unknownAgentPath() {
  return unknownPath((request) => agentRefusal(request, new AgentError('route_not_found', { details: { path: new URL(request.url).pathname } })));
}
