import { OutboundBlockedError, OutboundTimeoutError, ResponseTooLargeError, unwrapOutboundError } from '@/server/http/safe-fetch';

/**
 * Why a call to a customer URL (a knowledge page, an HTTP tool) failed, in words for the person
 * who set it up: a blocked address, a time-out, a body over the limit, or the network's reason.
 */
export function customerCallFailure(error: unknown, limits: { timeoutMs: number; maxBytes: string }): string {
  const cause = unwrapOutboundError(error);
  if (cause instanceof OutboundBlockedError) return 'The address is not public, so it was not called.';
  if (cause instanceof OutboundTimeoutError) return `No answer within ${limits.timeoutMs} ms.`;
  if (cause instanceof ResponseTooLargeError) return `The answer is larger than ${limits.maxBytes}.`;
  return `It could not be reached (${(cause as Error).message}).`;
}
