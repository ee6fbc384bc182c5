import * as Anthropic from '@anthropic-ai/sdk';
import * as OpenAI from 'openai';
import { OutboundBlockedError } from '@/server/http/safe-fetch-errors';
import { ProviderFailure } from './provider-failure';

/**
 * Where a provider call was when it failed: before the answer's headers (`request`) or while
 * its stream was being read (`stream`). A connection lost in the first is the provider being
 * unreachable; in the second, an answer cut mid-way, which we call `provider_error` (the
 * answer is broken whatever broke it: a reset, a proxy ending the body early, or a stream
 * without its final event all look the same to the caller, and one code keeps that so).
 */
export type CallStage = 'request' | 'stream';

/** Socket-level failures (node's and undici's codes) that mean the provider could not be reached. */
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Turns whatever an SDK call threw into a ProviderFailure; errors that are not the provider's (our bugs) pass through. */
export function classifyProviderError(error: unknown, stage: CallStage): unknown {
  if (error instanceof ProviderFailure) return error;
  const status = statusOf(error);
  if (status !== undefined) return failureForStatus(status, error as Error);
  if (isApiError(error) && !isConnectionError(error)) return failureForStreamedError(error);
  if (causeChain(error).some((cause) => cause instanceof OutboundBlockedError)) {
    return new ProviderFailure('provider_unavailable', 'The provider address is not one we may reach', { cause: error });
  }
  if (
    error instanceof OpenAI.APIConnectionTimeoutError ||
    error instanceof Anthropic.APIConnectionTimeoutError ||
    hasCode(error, 'UND_ERR_CONNECT_TIMEOUT')
  ) {
    return new ProviderFailure('provider_timeout', 'The provider did not accept the connection in time', { cause: error });
  }
  if (isConnectionError(error) || connectionErrorCodeIn(error)) {
    return stage === 'request'
      ? new ProviderFailure('provider_unavailable', 'The provider could not be reached', { cause: error })
      : new ProviderFailure('provider_error', 'The provider stream was cut before the answer ended', { cause: error });
  }
  if (error instanceof SyntaxError || error instanceof OpenAI.OpenAIError || error instanceof Anthropic.AnthropicError) {
    return new ProviderFailure('provider_error', 'The provider sent a malformed stream', { cause: error });
  }
  return error;
}

function failureForStatus(status: number, error: Error): ProviderFailure {
  const details = { status, cause: error };
  if (status === 401 || status === 403) return new ProviderFailure('provider_auth_failed', 'The provider rejected the credentials', details);
  if (status === 400 || status === 404 || status === 422)
    return new ProviderFailure('provider_bad_request', 'The provider rejected the request', details);
  if (status === 429) {
    const retryAfterMs = retryAfterOf(error);
    return new ProviderFailure(
      'provider_rate_limited',
      'The provider is limiting the key',
      retryAfterMs === undefined ? details : { ...details, retryAfterMs },
    );
  }
  if (status === 529 || (status === 503 && mentionsOverload(error)))
    return new ProviderFailure('provider_overloaded', 'The provider is overloaded', details);
  if (status === 502 || status === 503) return new ProviderFailure('provider_unavailable', 'The provider is unavailable', details);
  return new ProviderFailure('provider_error', `The provider answered ${status}`, details);
}

function failureForStreamedError(error: OpenAI.APIError | Anthropic.APIError): ProviderFailure {
  return failureFromErrorReport({ body: error.error ?? null, message: error.message }, error);
}

/**
 * An error the provider reported inside a stream that began well (an `error` event, a failed
 * response): there is no status, only the body's type or code to go by.
 */
export function failureFromErrorReport(report: unknown, cause?: unknown): ProviderFailure {
  const kind = JSON.stringify(report ?? {}).toLowerCase();
  const details = { cause: cause ?? report };
  if (kind.includes('overloaded')) return new ProviderFailure('provider_overloaded', 'The provider is overloaded', details);
  if (kind.includes('rate_limit')) return new ProviderFailure('provider_rate_limited', 'The provider is limiting the key', details);
  if (kind.includes('authentication') || kind.includes('permission'))
    return new ProviderFailure('provider_auth_failed', 'The provider rejected the credentials', details);
  if (kind.includes('invalid_request')) return new ProviderFailure('provider_bad_request', 'The provider rejected the request', details);
  return new ProviderFailure('provider_error', 'The provider reported an error mid-stream', details);
}

function isApiError(error: unknown): error is OpenAI.APIError | Anthropic.APIError {
  return error instanceof OpenAI.APIError || error instanceof Anthropic.APIError;
}

function isConnectionError(error: unknown): boolean {
  return error instanceof OpenAI.APIConnectionError || error instanceof Anthropic.APIConnectionError;
}

function statusOf(error: unknown): number | undefined {
  return isApiError(error) && typeof error.status === 'number' ? error.status : undefined;
}

function mentionsOverload(error: Error): boolean {
  const body = isApiError(error) ? JSON.stringify(error.error ?? {}) : '';
  return /overloaded/i.test(body) || /overloaded/i.test(error.message);
}

/** `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date. */
function retryAfterOf(error: Error): number | undefined {
  const headers = isApiError(error) ? error.headers : undefined;
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The failure happened because the address was one we may not reach (a customer's URL resolving to a private address). */
export const isBlockedAddress = (failure: ProviderFailure): boolean => causeChain(failure).some((cause) => cause instanceof OutboundBlockedError);

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 8; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
    if (!(current instanceof Error)) break;
  }
  return chain;
}

function hasCode(error: unknown, code: string): boolean {
  return causeChain(error).some((cause) => (cause as { code?: unknown } | null)?.code === code);
}

function connectionErrorCodeIn(error: unknown): boolean {
  return causeChain(error).some((cause) => connectionErrorCodes.has(String((cause as { code?: unknown } | null)?.code)));
}
