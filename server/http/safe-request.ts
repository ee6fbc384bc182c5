import { Agent, request } from 'undici';
import { checkOutboundUrl, defaultOutboundAllowlist, type OutboundAllowlist } from './outbound-policy';
import { OutboundBlockedError, OutboundTimeoutError, unwrapOutboundError } from './safe-fetch-errors';
import { guardedLookup, resolveWithSystem, type ResolveHost } from './safe-fetch-lookup';
import { trustedAuthorities } from './trusted-authorities';

/**
 * Connections shared by many requests to the same receivers (webhook deliveries), kept alive
 * between them. Every new socket is judged at connect time, on every address its host
 * resolves to, and then connects to exactly those; a reused one goes where that check allowed.
 * TLS trusts what safeFetch trusts (OUTBOUND_EXTRA_CA included).
 */
export interface OutboundAgent {
  readonly dispatcher: Agent;
  readonly allowlist: OutboundAllowlist;
}

export function createOutboundAgent(
  options: { allowlist?: OutboundAllowlist; lookup?: ResolveHost; connectTimeoutMs?: number } = {},
): OutboundAgent {
  const { allowlist = defaultOutboundAllowlist, lookup = resolveWithSystem, connectTimeoutMs = 10_000 } = options;
  return {
    allowlist,
    dispatcher: new Agent({ connect: { timeout: connectTimeoutMs, lookup: guardedLookup(lookup, allowlist), ca: trustedAuthorities() } }),
  };
}

export interface SafeRequestOptions {
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string;
  agent: OutboundAgent;
  /** For the whole exchange, the body included. */
  timeoutMs: number;
  /** Of the answer's body, the first this many bytes are read; the rest is not downloaded. */
  maxResponseBytes: number;
}

export interface SafeRequestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first `maxResponseBytes` of the answer, or what arrived before the time ran out. */
  body: string;
}

/**
 * One request to a URL that users supply, for machine-to-machine calls such as webhook
 * deliveries: safeFetch's checks (the URL, and each address at connect time through the
 * agent) without its redirects (a 3xx is returned as it is) or web streams, which cost more
 * CPU than the request itself at thousands a second. Throws OutboundBlockedError,
 * OutboundTimeoutError or the network error.
 */
export async function safeRequest(url: string, options: SafeRequestOptions): Promise<SafeRequestResponse> {
  const check = checkOutboundUrl(url, options.agent.allowlist);
  if (!check.ok) throw new OutboundBlockedError(check.reason);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new OutboundTimeoutError(options.timeoutMs)), options.timeoutMs);
  timer.unref();
  try {
    const response = await request(check.url, {
      method: options.method,
      headers: options.headers,
      body: options.body,
      dispatcher: options.agent.dispatcher,
      signal: deadline.signal,
    });
    const body = await readStart(response.body, options.maxResponseBytes);
    return { status: response.statusCode, headers: response.headers, body };
  } catch (error) {
    throw unwrapOutboundError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The first `maxBytes` of a body, as text. Leaving the loop early stops the download (a body
 * read to its end leaves its socket to be reused); a body cut off by the deadline keeps what arrived.
 */
async function readStart(body: AsyncIterable<Buffer>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      total += chunk.byteLength;
      if (total >= maxBytes) break;
    }
  } catch {
    // Keep what arrived.
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}
