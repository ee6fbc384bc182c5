import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { agentLanguageOf } from '@/server/agent/http/agent-language';
import { agentContract } from '@/server/contract/agent-contract';
import { logger } from '@/server/logger';
import { directRoutes, matchDirectRoute } from './direct-route-table';
import { pageHeaders } from './page-headers';

/**
 * The widget's routes (the specs marked `direct`, direct-route-table.ts), answered by the web
 * server with their own route handlers rather than through Next.js: every page view asks for the widget's config, and a visitor's start is a
 * token, a session, its history, its event stream and a first message. Next.js's routing and
 * request wrapping cost about 1.5 ms of each, a third of the web process's CPU per visitor
 * (`npm run bench:agent-browser`, part 2: added time to first token p95 50 → 35–44 ms, web CPU per
 * visitor 26.8 → 17.2 ms). The handlers are the ones the build compiled, so every module behind
 * them is the one Next.js itself uses.
 *
 * What Next.js adds is kept: the headers of next.config.mjs, gzip for bodies of 1 KiB or more,
 * and the request's abort when the client goes. Only bearer requests come here: a cookie
 * request (the dashboard) needs Next.js's request context to read its session. Everything else
 * (another method, a trailing slash) goes on to Next.js, which answers it as before.
 */
type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The compiled handler of each direct route's method, by `METHOD file`; empty in development. */
const handlers = new Map<string, RouteHandler>();
/** As Next.js's compression: bodies from 1 KiB, when the client takes gzip. */
const MIN_GZIP_BYTES = 1024;
const gzipAsync = promisify(gzip);

/**
 * What the web server relies on in a compiled app route module: Next.js's private
 * `routeModule.userland`, the route file's exports (tests/integration/direct-routes.test.ts pins it).
 */
export interface CompiledRoute {
  routeModule?: { ensureUserland?: () => Promise<void>; userland?: Record<string, unknown> };
}

/**
 * Loads the compiled handlers of the direct routes (direct-route-table.ts) from the build in
 * `distDir`. A build that does not have them in the shape expected (a Next.js upgrade) stops the
 * server here, not silently later. Not called in development, where Next.js compiles a route
 * on its first request: there the direct routes go on to Next.js, which answers them the same.
 */
export async function loadDirectAgentRoutes(distDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  for (const route of directRoutes) {
    const compiled = require(join(process.cwd(), distDir, 'server/app', `${route.file}.js`)) as CompiledRoute;
    await compiled.routeModule?.ensureUserland?.();
    for (const method of route.methods) {
      const handler = compiled.routeModule?.userland?.[method];
      if (typeof handler !== 'function') throw new Error(`The build's ${route.file}.js has no ${method} handler the web server can call`);
      handlers.set(`${method} ${route.file}`, handler as RouteHandler);
    }
  }
}

/** Answers the request when it is a bearer request to a direct route whose handler is loaded; returns false otherwise. */
export function answerDirectAgentRoute(req: IncomingMessage, res: ServerResponse): boolean {
  if (!req.headers.authorization?.startsWith('Bearer ')) return false;
  const method = req.method ?? '';
  const matched = matchDirectRoute(method, (req.url ?? '').split('?')[0] as string);
  const handler = matched && handlers.get(`${method} ${matched.route.file}`);
  if (!handler) return false;
  void answer(handler, matched.params, req, res);
  return true;
}

async function answer(handler: RouteHandler, params: Record<string, string>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // As Next.js does: the handler's request is aborted when the client goes (an event stream stops).
  const gone = new AbortController();
  res.on('close', () => res.writableFinished || gone.abort());
  try {
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
      method: req.method,
      headers,
      ...(req.method === 'GET' ? {} : { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }),
      signal: gone.signal,
    } as RequestInit);
    const response = await handler(request, { params: Promise.resolve(params) });
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    // As next.config.mjs's headers do, these win over a handler's own.
    Object.assign(out, pageHeaders);
    if (!response.body) return void res.writeHead(response.status, out).end();
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
      let body = Buffer.from(await response.arrayBuffer());
      if (body.length >= MIN_GZIP_BYTES && takesGzip(req.headers['accept-encoding'])) {
        body = await gzipAsync(body);
        out['content-encoding'] = 'gzip';
        out.vary = out.vary ? `${out.vary}, Accept-Encoding` : 'Accept-Encoding';
      }
      return void res.writeHead(response.status, { ...out, 'content-length': String(body.length) }).end(body);
    }
    res.writeHead(response.status, out);
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
  } catch (error) {
    // The handlers answer every failure in their contract's envelope; what lands here is the
    // client leaving mid-stream, or a fault of this file.
    if (gone.signal.aborted) return;
    logger.error({ err: error }, 'direct agent route failed');
    if (res.headersSent) return void res.destroy();
    const language = agentLanguageOf(req.headers['accept-language'] ?? null);
    const requestId = String(res.getHeader('Request-Id') ?? '');
    const envelope = agentContract.envelope(agentContract.failed({ kind: 'unexpected' }, requestId), requestId, language);
    res.writeHead(500, { ...pageHeaders, 'Content-Type': 'application/json', 'Content-Language': language }).end(JSON.stringify(envelope));
  }
}

/** Whether Accept-Encoding takes gzip (and does not refuse it with q=0). */
function takesGzip(acceptEncoding: string | undefined): boolean {
  const entry = acceptEncoding
    ?.split(',')
    .map((part) => part.trim().toLowerCase())
    .find((part) => part === 'gzip' || part.startsWith('gzip;'));
  return entry !== undefined && !/;\s*q=0(?:\.0*)?$/.test(entry);
}
