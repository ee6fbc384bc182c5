/** The contract's provider codes (docs/agent-errors.md, "provider_*"; docs/agent-api.md §1.11). */
export const providerErrorCodes = [
  'provider_auth_failed',
  'provider_bad_request',
  'provider_error',
  'provider_overloaded',
  'provider_rate_limited',
  'provider_refusal',
  'provider_timeout',
  'provider_unavailable',
] as const;

export type ProviderErrorCode = (typeof providerErrorCodes)[number];

/** A provider call that did not end in an answer, named by its contract code. */
export class ProviderFailure extends Error {
  readonly code: ProviderErrorCode;
  /** The provider's HTTP status, when it answered with one. */
  readonly status?: number;
  /** What the provider's `retry-after` asked for (429), in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(code: ProviderErrorCode, message: string, details: { status?: number; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ProviderFailure';
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/** Codes that another model with the same credential would meet too, so fallback is pointless. */
export function endsFallback(failure: ProviderFailure): boolean {
  return failure.code === 'provider_auth_failed' || failure.code === 'provider_bad_request';
}

/**
 * A refusal arrives as events (the caller may want to show or log its text); a caller that
 * treats it as a failure of the call turns it into this.
 */
export function refusalFailure(text: string): ProviderFailure {
  return new ProviderFailure('provider_refusal', text ? `The model declined to answer: ${text}` : 'The model declined to answer');
}
