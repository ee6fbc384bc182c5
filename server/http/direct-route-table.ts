import type { AgentEndpointSpec } from '@/server/agent/http/agent-endpoint';
import { allAgentEndpoints } from '@/server/agent/http/endpoints';

type EndpointMethod = AgentEndpointSpec['method'];

/** One route the web server answers itself: the specs marked `direct` that share its path. */
export interface DirectRoute {
  methods: EndpointMethod[];
  /** The request path it answers; each group is one path parameter, in `params` order. */
  pattern: RegExp;
  params: string[];
  /** The route file under app/ without its extension, e.g. `agent/v1/sessions/[session]/messages/route`. */
  file: string;
}

/** The spec's base URL under the web app. */
const AGENT_API_PREFIX = '/agent';

/**
 * The routes of the specs with `direct: true`, derived from their path templates
 * (`/v1/sessions/{session}/messages`): one route per path, with every direct method of it.
 */
export function directRoutesOf(specs: AgentEndpointSpec[]): DirectRoute[] {
  const byPath = new Map<string, DirectRoute>();
  for (const spec of specs) {
    if (!spec.direct) continue;
    const route = byPath.get(spec.path) ?? routeOf(spec.path);
    route.methods.push(spec.method);
    byPath.set(spec.path, route);
  }
  return [...byPath.values()];
}

function routeOf(template: string): DirectRoute {
  const params: string[] = [];
  const segments = `${AGENT_API_PREFIX}${template}`.split('/').slice(1);
  const pattern = segments.map((segment) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    params.push(param);
    // The edge has already refused paths that are not valid percent-encoding.
    return '([^/]+)';
  });
  const file = segments.map((segment) => segment.replace(/^\{(\w+)\}$/, '[$1]')).join('/');
  return { methods: [], pattern: new RegExp(`^/${pattern.join('/')}$`), params, file: `${file}/route` };
}

export const directRoutes = directRoutesOf(allAgentEndpoints);

/** The direct route of a request's method and path (no query), with its decoded parameters. */
export function matchDirectRoute(method: string, path: string): { route: DirectRoute; params: Record<string, string> } | null {
  for (const route of directRoutes) {
    if (!route.methods.includes(method as EndpointMethod)) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    return { route, params: Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(match[i + 1] as string)])) };
  }
  return null;
}
