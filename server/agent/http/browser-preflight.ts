import { isBrowserRoute } from './agent-endpoint';
import { allAgentEndpoints } from './endpoints';

/**
 * The paths browsers reach (widget routes and owned-only routes), from the endpoint specs, with
 * the methods each takes as route files list them (agentMethods): their preflights are answered
 * by the web server itself (api-edge.ts), not by Next.js. A visitor's first message costs three
 * preflights (token, session, message, each a new URL), and Next.js's own work per request was
 * most of each one's time (`npm run bench:agent-browser`).
 */
interface RoutePath {
  pattern: RegExp;
  browser: boolean;
  /** Literal segments: `/end_users/me` wins over `/end_users/{end_user}`. */
  literals: number;
  allow: string;
}

const routePaths: RoutePath[] = [...new Set(allAgentEndpoints.map((spec) => spec.path))].map((path) => {
  const specs = allAgentEndpoints.filter((spec) => spec.path === path);
  const methods = specs.map((spec) => spec.method);
  const segments = path.split('/').filter(Boolean);
  const source = segments.map((segment) => (segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return {
    pattern: new RegExp(`^/agent/${source}/?$`),
    browser: specs.some(isBrowserRoute),
    literals: segments.filter((segment) => !segment.startsWith('{')).length,
    allow: [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', '),
  };
});
routePaths.sort((a, b) => b.literals - a.literals);

/** The `Allow` of a browser route at `path` (no query), or null when browsers do not reach it. */
export function browserRouteAllow(path: string): string | null {
  const route = routePaths.find((candidate) => candidate.pattern.test(path));
  return route?.browser ? route.allow : null;
}
