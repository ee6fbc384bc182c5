import { Agent, fetch, Headers as UndiciHeaders, type RequestInit, type Response } from 'undici';
import { checkOutboundUrl, defaultOutboundAllowlist, type OutboundAllowlist } from './outbound-policy';
import {
  OutboundBlockedError,
  OutboundTimeoutError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  unwrapOutboundError,
} from './safe-fetch-errors';
import { guardedLookup, resolveWithSystem, type ResolveHost } from './safe-fetch-lookup';
import { trustedAuthorities } from './trusted-authorities';

export * from './safe-fetch-errors';
export type { ResolveHost } from './safe-fetch-lookup';

export interface SafeFetchOptions extends Omit<RequestInit, 'redirect' | 'dispatcher' | 'window'> {
  /** Refuse a larger Content-Length up front, and error the body stream past this many bytes. */
  maxBytes?: number;
  /** For the whole exchange: every hop and the body. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** 0 follows none: a 3xx is returned as it is. */
  maxRedirects?: number;
  allowlist?: OutboundAllowlist;
  lookup?: ResolveHost;
}

export interface SafeResponse {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
  /** The URL of the last hop. */
  url: string;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * fetch for URLs that users supply (webhooks, callbacks, media links): refuses what
 * `checkOutboundUrl` refuses on every hop, refuses names that resolve to such addresses at
 * connect time, and caps time and bytes. Throws OutboundBlockedError, OutboundTimeoutError,
 * TooManyRedirectsError, ResponseTooLargeError or the network error.
 */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const {
    maxBytes,
    timeoutMs = 15_000,
    connectTimeoutMs = 10_000,
    maxRedirects = 3,
    allowlist = defaultOutboundAllowlist,
    lookup = resolveWithSystem,
    signal,
    ...init
  } = options;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new OutboundTimeoutError(timeoutMs)), timeoutMs);
  timer.unref();
  // One agent per call: its lookup carries this call's allowlist, and no pooled socket outlives it.
  const agent = new Agent({
    connect: { timeout: Math.min(connectTimeoutMs, timeoutMs), lookup: guardedLookup(lookup, allowlist), ca: trustedAuthorities() },
  });
  const headers = new UndiciHeaders(init.headers);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  let url = input;
  try {
    for (let hop = 0; ; hop += 1) {
      const check = checkOutboundUrl(url, allowlist);
      if (!check.ok) throw new OutboundBlockedError(check.reason);
      const response = await fetch(check.url, {
        ...init,
        method,
        body,
        headers,
        redirect: 'manual',
        dispatcher: agent,
        signal: signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal,
      });
      const location = response.headers.get('location');
      if (maxRedirects === 0 || !redirectStatuses.has(response.status) || location === null) {
        return finish(response, check.url.href);
      }
      await response.body?.cancel();
      if (hop >= maxRedirects) throw new TooManyRedirectsError(maxRedirects);
      const next = new URL(location, check.url);
      if (next.origin !== check.url.origin) ['authorization', 'cookie'].forEach((name) => headers.delete(name));
      if (response.status === 303 || (response.status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      url = next.href;
    }
  } catch (error) {
    clearTimeout(timer);
    void agent.destroy().catch(() => {});
    throw unwrapOutboundError(error);
  }

  function finish(response: Response, finalUrl: string): SafeResponse {
    const length = Number(response.headers.get('content-length') ?? Number.NaN);
    if (maxBytes !== undefined && length > maxBytes) {
      void response.body?.cancel().catch(() => {});
      throw new ResponseTooLargeError(maxBytes);
    }
    // close() lets the request in flight finish (the body read or cancelled), then frees the sockets.
    void agent.close().catch(() => {});
    const done = () => clearTimeout(timer);
    if (!response.body) done();
    return {
      status: response.status,
      headers: response.headers as unknown as Headers,
      body: response.body ? guardBody(response.body as ReadableStream<Uint8Array>, maxBytes, done) : null,
      url: finalUrl,
    };
  }
}

function guardBody(body: ReadableStream<Uint8Array>, maxBytes: number | undefined, done: () => void): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (maxBytes !== undefined && received > maxBytes) controller.error(new ResponseTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
      flush: done,
    }),
  );
}

/** Reads a body into memory, cancelling the download as soon as it passes `maxBytes`. */
export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const result = await reader.read().catch((error: unknown) => {
      throw unwrapOutboundError(error);
    });
    if (result.done) break;
    total += result.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(result.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
