/** The URL, a redirect target or a resolved address is not one outbound requests may reach. */
export class OutboundBlockedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`Outbound request refused: ${reason}`);
    this.name = 'OutboundBlockedError';
    this.reason = reason;
  }
}

export class OutboundTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Outbound request took longer than ${timeoutMs} ms`);
    this.name = 'OutboundTimeoutError';
  }
}

export class TooManyRedirectsError extends Error {
  constructor(maxRedirects: number) {
    super(`Outbound request was redirected more than ${maxRedirects} times`);
    this.name = 'TooManyRedirectsError';
  }
}

export class ResponseTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`Response is larger than ${maxBytes} bytes`);
    this.name = 'ResponseTooLargeError';
    this.maxBytes = maxBytes;
  }
}

const known = [OutboundBlockedError, OutboundTimeoutError, TooManyRedirectsError, ResponseTooLargeError];

/** fetch wraps what the connector or the abort signal raised in `TypeError('fetch failed')`; this digs it out. */
export function unwrapOutboundError(error: unknown): unknown {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (seen.has(current) || !(current instanceof Error)) continue;
    seen.add(current);
    if (known.some((type) => current instanceof type)) return current;
    queue.push(current.cause);
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return error;
}
