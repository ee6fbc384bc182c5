import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { listen, readBody, sendJson } from '../http';
import { BehaviourQueue } from './behaviour-queue';
import { ControlError, handleControl } from './control-api';
import { anthropicMessages } from './formats/anthropic-messages';
import { openaiChat } from './formats/openai-chat';
import { openaiResponses } from './formats/openai-responses';
import type { WireFormat } from './formats/wire-format';
import { answerGeneration } from './generate';
import { modelList } from './models';
import { anthropic, isValidKey, openai, requestIdHeaders, sendProviderError, type Provider } from './providers';
import { RequestLog } from './request-log';
import { loadScenarios } from './scenarios';
import type { AiSimState } from './state';

/**
 * The AI provider simulator's HTTP server: OpenAI (Chat Completions, Responses, models) under
 * `/openai/v1`, Anthropic (Messages, models) under `/anthropic/v1`, and the control API under
 * `/_sim/ai`. Services reach it only through their provider base URLs.
 */
export interface AiSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Delay before the first token, and between tokens. */
  ttftMs: number;
  tokenMs: number;
  /** Where the scenario files are; defaults to `scenarios/` beside this file. */
  scenariosDir?: string;
  /** Defaults to a silent logger. */
  logger?: Logger;
}

export interface RunningAiSimulator {
  url: string;
  close(): Promise<void>;
}

const GENERATION_ROUTES: Record<string, WireFormat> = {
  'POST /openai/v1/chat/completions': openaiChat,
  'POST /openai/v1/responses': openaiResponses,
  'POST /anthropic/v1/messages': anthropicMessages,
};
const MODEL_ROUTES: Record<string, Provider> = { 'GET /openai/v1/models': openai, 'GET /anthropic/v1/models': anthropic };
const MAX_CONTROL_BODY = 64 * 1024;

export async function startAiSimulator(options: AiSimulatorOptions): Promise<RunningAiSimulator> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const state: AiSimState = {
    timing: { ttftMs: options.ttftMs, tokenMs: options.tokenMs },
    scenarios: loadScenarios(options.scenariosDir),
    queue: new BehaviourQueue(),
    requests: new RequestLog(),
    logger,
  };

  const server = createServer((req, res) => {
    route(state, req, res).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, 'unhandled AI simulator error');
      if (!res.headersSent) sendJson(res, 500, { error: 'internal simulator error' });
      else res.destroy();
    });
  });
  const url = await listen(server, options.port, options.host);
  logger.info({ url, scenarios: [...state.scenarios.keys()] }, 'AI simulator listening');

  return {
    url,
    async close() {
      // Held requests (timeout, stall) would keep close() waiting for ever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function route(state: AiSimState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://simulator');
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/\/+$/, '');
  const key = `${method} ${path}`;

  const format = GENERATION_ROUTES[key];
  if (format) return answerGeneration(state, format, req, res);

  const modelsOf = MODEL_ROUTES[key];
  if (modelsOf) {
    const credential = modelsOf.credential(req);
    if (!isValidKey(credential)) return sendProviderError(res, modelsOf, 'auth');
    return sendJson(res, 200, modelList(modelsOf), requestIdHeaders(modelsOf));
  }

  if (path.startsWith('/_sim/ai/')) {
    try {
      const raw = method === 'GET' ? Buffer.alloc(0) : await readBody(req, MAX_CONTROL_BODY);
      return sendJson(res, 200, handleControl(state, method, url, raw));
    } catch (error) {
      if (!(error instanceof ControlError)) throw error;
      return sendJson(res, error.status, { error: error.message });
    }
  }

  if (path.startsWith('/openai/')) return sendProviderError(res, openai, 'not_found', `Unknown route ${method} ${url.pathname}`);
  if (path.startsWith('/anthropic/')) return sendProviderError(res, anthropic, 'not_found', `Unknown route ${method} ${url.pathname}`);
  sendJson(res, 404, { error: `Unknown route ${method} ${url.pathname}` });
}
