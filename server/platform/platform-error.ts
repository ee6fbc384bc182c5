/**
 * A failed platform call. The platform documents that clients must classify errors by
 * `code`, not by HTTP status, so `retryable` is derived from the code (plus 5xx and
 * transport failures, which say nothing about the request itself).
 */

/** Codes that mean "try again later": throughput, pair rate, app/WABA rate, transient. */
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131000, 131016, 131056, 131057]);

export interface PlatformErrorInit {
  code: number;
  /** HTTP status of the response; null when no response arrived (network, timeout). */
  httpStatus: number | null;
  message: string;
  details?: string;
  subcode?: number;
  /** The platform's explanation meant for people (`error_user_msg`), when it gives one. */
  userMessage?: string;
  fbtraceId?: string;
}

export class PlatformError extends Error {
  readonly code: number;
  readonly httpStatus: number | null;
  readonly details: string | undefined;
  readonly subcode: number | undefined;
  readonly userMessage: string | undefined;
  readonly fbtraceId: string | undefined;
  readonly retryable: boolean;

  constructor(init: PlatformErrorInit, options?: { cause?: unknown }) {
    super(init.message, options);
    this.name = 'PlatformError';
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.details = init.details;
    this.subcode = init.subcode;
    this.userMessage = init.userMessage;
    this.fbtraceId = init.fbtraceId;
    this.retryable = RETRYABLE_CODES.has(init.code) || init.httpStatus === null || init.httpStatus >= 500;
  }
}

/** Code used when the platform answered without a Graph error body. */
export const UNKNOWN_ERROR_CODE = -1;

/** Maps a non-2xx answer to a PlatformError, from its Graph error body when it has one. */
export function toPlatformError(status: number, text: string): PlatformError {
  let graph: {
    message?: string;
    code?: number;
    error_subcode?: number;
    error_user_msg?: string;
    error_data?: { details?: string };
    fbtrace_id?: string;
  } = {};
  try {
    graph = (JSON.parse(text) as { error?: typeof graph }).error ?? {};
  } catch {
    // Not a Graph error body (proxy page, HTML); fall back to the HTTP status.
  }
  return new PlatformError({
    code: typeof graph.code === 'number' ? graph.code : UNKNOWN_ERROR_CODE,
    httpStatus: status,
    message: graph.message ?? `Platform answered HTTP ${status}`,
    details: graph.error_data?.details,
    subcode: graph.error_subcode,
    userMessage: typeof graph.error_user_msg === 'string' ? graph.error_user_msg : undefined,
    fbtraceId: graph.fbtrace_id,
  });
}
