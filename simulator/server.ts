import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import type { PlatformBusiness } from '../server/seed/demo-world';
import { createContext, type SimContext } from './context';
import { ControlError, handleControl } from './control-api';
import { GraphError } from './graph-error';
import { handleGraph } from './graph-api';
import { SenderGone } from './held-sends';
import { downloadMedia } from './graph-media';
import { bearerToken, BodyTooLargeError, readBody, sendJson } from './http';
import { SimState } from './state';
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
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
}

const VERSION = /^v\d+\.\d+$/;
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
  const ctx = createContext({
    state: new SimState(options.businesses),
    webhooks,
    logger,
    statusDelayMs: options.statusDelayMs,
    statusBatchMs: options.statusBatchMs ?? 0,
  });

  const server = createServer((req, res) => {
    route(ctx, options.accessToken, req, res).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, 'unhandled simulator error');
      if (!res.headersSent) sendJson(res, 500, new GraphError(131000, 'Something went wrong', undefined, 500).toBody());
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
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

async function route(ctx: SimContext, accessToken: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
  const url = new URL(req.url ?? '/', origin);
  const method = req.method ?? 'GET';
  const authorized = bearerToken(req, url) === accessToken;
  let first: string | undefined;

  try {
    const segments = url.pathname.split('/').filter(Boolean).map(decodePart);
    first = segments[0];
    const rest = segments.slice(1);
    if (first === '_sim') {
      const raw = method === 'GET' ? Buffer.alloc(0) : await readBody(req, MAX_JSON);
      sendJson(res, 200, handleControl(ctx, method, url, rest, raw, origin));
    } else if (first === '_media' && method === 'GET' && rest.length === 1) {
      if (!authorized) throw badToken();
      downloadMedia(ctx, rest[0]!, res);
    } else if (first && VERSION.test(first)) {
      if (!authorized) throw badToken();
      const isUpload = method === 'POST' && rest[1] === 'media';
      const raw = method === 'POST' ? await readBody(req, isUpload ? MAX_UPLOAD : MAX_JSON) : Buffer.alloc(0);
      sendJson(res, 200, await handleGraph(ctx, req, url, rest, raw, origin));
    } else {
      throw new GraphError(100, 'Unknown path components', url.pathname, 404);
    }
  } catch (error) {
    if (error instanceof SenderGone) res.destroy();
    else if (error instanceof ControlError) sendJson(res, error.status, { error: error.message });
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

const badToken = () => new GraphError(190, 'Invalid OAuth access token - Cannot parse access token', undefined, 401);
