import { config } from '@/server/config';
import { DomainError } from './domain-error';
import { messagingErrorCodes, type MessagingErrorCode } from './messaging-codes';

/**
 * The error type of the messaging API (/v1). Domain services throw it with a contract code;
 * the /v1 wrapper turns it into the envelope with the code's status.
 */
export class ApiError extends DomainError {
  readonly code: MessagingErrorCode;
  readonly param?: string;
  readonly headers?: Record<string, string>;

  constructor(code: MessagingErrorCode, message: string, options: { param?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.param = options.param;
    this.headers = options.headers;
  }

  get status(): number {
    return messagingErrorCodes[this.code].status;
  }

  get trpcCode() {
    return messagingErrorCodes[this.code].trpc;
  }

  override get appCode(): string {
    return this.code;
  }
}

/** `{ error: { type, code, message, param?, doc_url, request_id } }` */
export function errorEnvelope(error: ApiError, requestId: string) {
  const info = messagingErrorCodes[error.code];
  return {
    error: {
      type: info.type,
      code: error.code,
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      doc_url: `${config.APP_URL}/docs/errors#${error.code}`,
      request_id: requestId,
    },
  };
}

export const notFound = (what: string, param?: string) => new ApiError('resource_not_found', `No such ${what}.`, param ? { param } : {});
