import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import type { PlatformBusiness } from '../server/seed/demo-world';
import { createContext, type SimApp, type SimContext } from './context';
import { ControlError } from './control-error';
import { handleControl } from './control-api';
import { GraphError } from './graph-error';
import { handleGraph } from './graph-api';
import { SenderGone } from './held-sends';
import { downloadMedia } from './graph-media';
import { handleSignupRoute, sdkScript } from './embedded-signup';
import { bearerToken, BodyTooLargeError, listen, readBody, sendJson } from './http';
import { SimState } from './state';
import { authenticate, TokenStore } from './tokens';
import { createWebhookSender } from './webhook-sender';

/** The platform simulator's HTTP server: Graph API, media downloads and the control API. */

export interface SimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  webhookUrl: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  statusDelayMs: number;
  /** How long status updates wait to leave together, per number; default 0 (each on its own). */
  statusBatchMs?: number;
  businesses: PlatformBusiness[];
  /** Defaults to a silent logger. */
  logger?: Logger;
  /** First webhook retry delay (doubles per attempt); default 1 s. */
  webhookRetryBaseMs?: number;
  /** The app's id (OAuth `client_id`, Embedded Signup `appId`); default '1000000000000001'. */
  appId?: string;
  /** The Embedded Signup configuration id `FB.login` must name; default 'sim-signup-config'. */
  signupConfigId?: string;
  /** How long a submitted template stays PENDING before its review; default 2000 ms. */
  templateReviewMs?: number;
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
}

const VERSION = /^v\d+\.\d+$/;
export const DEFAULT_APP_ID = '1000000000000001';
/** The popup's calls come from the simulator's own page; its errors may be read anywhere. */
const CORS = { 'Access-Control-Allow-Origin': '*' };
/** Media uploads go up to 100 MB; everything else is small JSON. */
const MAX_UPLOAD = 101 * 1024 * 1024;
const MAX_JSON = 3 * 1024 * 1024;

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    appSecret: options.appSecret,
    logger,
    ...(options.webhookRetryBaseMs !== undefined ? { retryBaseMs: options.webhookRetryBaseMs } : {}),
  });
  const app: SimApp = {
    id: options.appId ?? DEFAULT_APP_ID,
    secret: options.appSecret,
    accessToken: options.accessToken,
    signupConfigId: options.signupConfigId ?? 'sim-signup-config',
    webhookUrl: options.webhookUrl,
    templateReviewMs: options.templateReviewMs ?? 2000,
  };
  const state = new SimState(options.businesses, app.id);
  const ctx = createContext({
    state,
    app,
    tokens: new TokenStore(),
    // Webhooks about a WABA no app subscribed to are not delivered, like the platform.
    webhooks: { ...webhooks, send: (payload) => void (deliverable(state, payload) && webhooks.send(payload)) },
    logger,
    statusDelayMs: options.statusDelayMs,
    statusBatchMs: options.statusBatchMs ?? 0,
  });

  const server = createServer((req, res) => {
    route(ctx, req, res).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, 'unhandled simulator error');
      if (!res.headersSent) sendJson(res, 500, new GraphError(131000, 'Something went wrong', undefined, 500).toBody());
      else res.destroy();
    });
  });
  const url = await listen(server, options.port, options.host);
  logger.info({ url, webhookUrl: options.webhookUrl }, 'platform simulator listening');
  void webhooks.handshake(options.verifyToken);

  return {
    url,
    async close() {
      ctx.clearTimers();
      await webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function route(ctx: SimContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
  const url = new URL(req.url ?? '/', origin);
  const method = req.method ?? 'GET';
  const caller = () => authenticate(ctx.tokens, ctx.app.accessToken, bearerToken(req, url));
  let first: string | undefined;

  try {
    const segments = url.pathname.split('/').filter(Boolean).map(decodePart);
    first = segments[0];
    const rest = segments.slice(1);
    if (first === '_sim') {
      const raw = method === 'GET' ? Buffer.alloc(0) : await readBody(req, MAX_JSON);
      sendJson(res, 200, handleControl(ctx, method, url, rest, raw, origin));
    } else if (first === 'sdk.js' && method === 'GET' && rest.length === 0) {
      const script = sdkScript(ctx, origin);
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': Buffer.byteLength(script),
        'Cache-Control': 'no-store',
      });
      res.end(script);
    } else if (first === 'embedded-signup') {
      const raw = method === 'POST' ? await readBody(req, MAX_JSON) : Buffer.alloc(0);
      handleSignupRoute(ctx, method, url, rest, raw, origin, res);
    } else if (first === '_media' && method === 'GET' && rest.length === 1) {
      caller();
      downloadMedia(ctx, rest[0]!, res);
    } else if (first && VERSION.test(first)) {
      // The code exchange authenticates with the app's id and secret, not a token.
      const who = rest.join('/') === 'oauth/access_token' ? null : caller();
      const isUpload = method === 'POST' && (rest[1] === 'media' || rest[0]?.startsWith('upload:') === true);
      const raw = method === 'POST' ? await readBody(req, isUpload ? MAX_UPLOAD : MAX_JSON) : Buffer.alloc(0);
      sendJson(res, 200, await handleGraph(ctx, req, url, rest, raw, origin, who));
    } else {
      throw new GraphError(100, 'Unknown path components', url.pathname, 404);
    }
  } catch (error) {
    if (error instanceof SenderGone) res.destroy();
    else if (error instanceof ControlError) sendJson(res, error.status, { error: error.message }, CORS);
    else if (error instanceof GraphError) {
      ctx.logger.debug({ code: error.code, path: url.pathname }, error.message);
      sendJson(res, error.httpStatus, error.toBody());
    } else if (error instanceof BodyTooLargeError) {
      const graph = new GraphError(131053, 'Media upload error', error.message, 413);
      sendJson(res, 413, first === '_sim' ? { error: error.message } : graph.toBody());
    } else throw error;
  }
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new GraphError(100, 'Unknown path components', `Malformed path segment ${part}`);
  }
}

/** Account-level fields reach the app whatever the WABA's subscriptions; the rest need one. */
function deliverable(state: SimState, payload: unknown): boolean {
  const entry = (payload as { entry?: Array<{ id?: string; changes?: Array<{ field?: string }> }> }).entry?.[0];
  if (entry?.changes?.[0]?.field === 'account_update') return true;
  return typeof entry?.id !== 'string' || state.delivers(entry.id);
}
