import { randomBase62 } from '@/server/db/ids';

/**
 * The web server (server/http/serve.ts) gives every /v1 request its id in this header and
 * sets the `Request-Id` response header itself, so even answers Next.js makes on its own (a
 * trailing-slash redirect) carry one; route handlers answer with the same id.
 */
export const REQUEST_ID_HEADER = 'x-request-id-assigned';

export function newRequestId(): string {
  return `req_${randomBase62(16)}`;
}

/** The id the web server gave this request; a fresh one where none was given (a handler called directly, as unit tests do). */
export function requestIdOf(request: Request): string {
  return request.headers.get(REQUEST_ID_HEADER) ?? newRequestId();
}
