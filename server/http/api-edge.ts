import type { IncomingMessage, ServerResponse } from 'node:http';
import { agentContract } from '@/server/contract/agent-contract';
import { messagingContract } from '@/server/contract/messaging-contract';
import { ApiError } from '@/server/errors/api-error';
import { newRequestId, REQUEST_ID_HEADER } from '@/server/http/request-id';
import { agentLanguageOf } from '@/server/agent/http/agent-language';
import { AGENT_API_VERSION, AGENT_VERSION_HEADER } from '@/server/agent/http/agent-version';
import { preflightHeaders } from '@/server/agent/http/agent-cors';
import { browserRouteAllow } from '@/server/agent/http/browser-preflight';
import { AgentError } from '@/server/errors/agent-error';
import { pageHeaders } from './page-headers';

const apiPath = /^\/v1(?:[/?]|$)/;
const agentApiPath = /^\/agent(?:[/?]|$)/;
// What Next.js routes; any other method (TRACE, PROPFIND, …) it answers with a bare 500.
const routedMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The web server's part of every /v1 and /agent answer, before Next.js sees the request: the
 * request id (handed to the route handler, and set on whatever answer goes out, the redirects
 * Next.js makes on its own included), and the envelope of the path's contract for requests
 * Next.js would fail with a bare 500: a method no route takes, a path that is not valid
 * percent-encoding; and browsers' preflights of the /agent routes they reach. Returns true when it
 * answered the request itself.
 */
export function answerApiEdge(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '';
  const contract = apiPath.test(url) ? 'messaging' : agentApiPath.test(url) ? 'agent' : null;
  if (!contract) return false;
  const requestId = newRequestId();
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('Request-Id', requestId);
  const method = req.method ?? '';
  const path = url.split('?')[0] as string;
  const refusal = edgeRefusal(method, path);
  if (contract === 'agent') {
    res.setHeader(AGENT_VERSION_HEADER, AGENT_API_VERSION);
    const language = agentLanguageOf(req.headers['accept-language'] ?? null);
    const origin = req.headers.origin;
    const allow = method === 'OPTIONS' && origin ? browserRouteAllow(path) : null;
    if (allow) {
      // A browser's preflight, answered here: it carries no credential and is the same for every origin.
      res.writeHead(204, { ...pageHeaders, 'Content-Language': language, Allow: allow, ...preflightHeaders(origin!, allow) }).end();
      return true;
    }
    if (!refusal) return false;
    const error =
      refusal === 'method'
        ? new AgentError('method_not_allowed', { details: { method, path, allow: 'GET, POST, PATCH, DELETE' } })
        : new AgentError('route_not_found', { details: { path } });
    res.writeHead(error.status, { ...pageHeaders, 'Content-Type': 'application/json', 'Content-Language': language });
    res.end(JSON.stringify(agentContract.envelope(error, requestId, language)));
    return true;
  }
  if (!refusal) return false;
  const error =
    refusal === 'method'
      ? new ApiError('method_not_allowed', `${method} is not a method this API takes.`)
      : new ApiError('resource_not_found', `There is no endpoint at ${path}: the path is not valid percent-encoding.`);
  res
    .writeHead(error.status, { ...pageHeaders, 'Content-Type': 'application/json' })
    .end(JSON.stringify(messagingContract.envelope(error, requestId, 'en')));
  return true;
}

function edgeRefusal(method: string, path: string): 'method' | 'path' | null {
  if (!routedMethods.has(method)) return 'method';
  try {
    decodeURIComponent(path);
  } catch {
    return 'path';
  }
  return null;
}
