import { paramName } from '@/server/api/parse';
import { ApiError, errorEnvelope } from '@/server/errors/api-error';
import type { HttpContract } from './http-contract';

/**
 * The messaging API, /v1: codes in server/errors/messaging-codes.ts, messages in English,
 * `{ error: { type, code, message, param?, doc_url, request_id } }`, callers with an API key
 * (Authorization: Bearer, server/api/authenticate.ts).
 */
export const messagingContract: HttpContract<ApiError> = {
  prefix: '/v1',
  own: (thrown) => (thrown instanceof ApiError ? thrown : null),
  failed(failure, requestId) {
    if (failure.kind === 'unavailable') return new ApiError('service_unavailable', 'A service this request needs is unavailable. Retry shortly.');
    if (failure.kind === 'invalid') {
      const field = paramName(failure.issue.path);
      return new ApiError('invalid_parameter', `Invalid \`${field || 'body'}\`: ${failure.issue.message}`, field ? { param: field } : {});
    }
    // A duplicate no domain code named has no code of its own in this contract: a fault like any other.
    return new ApiError('internal_error', `Something went wrong on our side. Quote request ${requestId} if you contact support.`);
  },
  envelope: (error, requestId) => errorEnvelope(error, requestId),
};
