import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http';
import type { ErrorBehaviour } from './behaviours';
import { simId } from './ids';

/**
 * What differs between the two providers outside the request and response bodies: how a
 * key is presented, the request-id header and the error body, each as the real API does it
 * (the official SDKs read `error.type`, `x-request-id` / `request-id` and `retry-after`).
 */
export type ProviderError = ErrorBehaviour | 'not_found';

export interface Provider {
  name: 'openai' | 'anthropic';
  credential(req: IncomingMessage): string | undefined;
  requestIdHeader: string;
  errorResponse(kind: ProviderError, message?: string): { status: number; body: unknown };
}

/** Keys `sim-…` are valid, except `sim-revoked`. */
export const REVOKED_KEY = 'sim-revoked';
export const isValidKey = (key: string | undefined): key is string => key !== undefined && key.startsWith('sim-') && key !== REVOKED_KEY;

const DEFAULT_MESSAGES: Record<ProviderError, string> = {
  auth: 'Invalid API key.',
  bad_request: 'The request is invalid (simulated).',
  not_found: 'Not found.',
  error: 'The server had an error while processing your request (simulated).',
  overloaded: 'The server is currently overloaded, please try again later (simulated).',
  rate_limit: 'Rate limit reached for requests (simulated).',
};

const OPENAI_ERRORS: Record<ProviderError, { status: number; type: string; code: string | null }> = {
  auth: { status: 401, type: 'invalid_request_error', code: 'invalid_api_key' },
  bad_request: { status: 400, type: 'invalid_request_error', code: null },
  not_found: { status: 404, type: 'invalid_request_error', code: 'unknown_url' },
  error: { status: 500, type: 'server_error', code: null },
  // OpenAI says "overloaded" with a 503 and this body; a bare 503 means unavailable.
  overloaded: { status: 503, type: 'server_error', code: 'server_overloaded' },
  rate_limit: { status: 429, type: 'requests', code: 'rate_limit_exceeded' },
};

const bearerKey = (req: IncomingMessage) => /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];

export const openai: Provider = {
  name: 'openai',
  credential: bearerKey,
  requestIdHeader: 'x-request-id',
  errorResponse(kind, message = DEFAULT_MESSAGES[kind]) {
    const { status, type, code } = OPENAI_ERRORS[kind];
    return { status, body: { error: { message, type, param: null, code } } };
  },
};

const ANTHROPIC_ERRORS: Record<ProviderError, { status: number; type: string }> = {
  auth: { status: 401, type: 'authentication_error' },
  bad_request: { status: 400, type: 'invalid_request_error' },
  not_found: { status: 404, type: 'not_found_error' },
  error: { status: 500, type: 'api_error' },
  overloaded: { status: 529, type: 'overloaded_error' },
  rate_limit: { status: 429, type: 'rate_limit_error' },
};

export const anthropic: Provider = {
  name: 'anthropic',
  // `x-api-key` is the API's documented header; SDK 1.x sends the key as a Bearer token.
  credential(req) {
    const key = req.headers['x-api-key'];
    return typeof key === 'string' && key.length > 0 ? key : bearerKey(req);
  },
  requestIdHeader: 'request-id',
  errorResponse(kind, message = DEFAULT_MESSAGES[kind]) {
    const { status, type } = ANTHROPIC_ERRORS[kind];
    return { status, body: { type: 'error', error: { type, message } } };
  },
};

/** Answers an error the way the provider does, with its request-id header (and `retry-after` on 429). */
export function sendProviderError(res: ServerResponse, provider: Provider, kind: ProviderError, message?: string): void {
  const { status, body } = provider.errorResponse(kind, message);
  sendJson(res, status, body, { ...requestIdHeaders(provider), ...(kind === 'rate_limit' ? { 'retry-after': '1' } : {}) });
}

export const requestIdHeaders = (provider: Provider): Record<string, string> => ({ [provider.requestIdHeader]: simId('req_') });
