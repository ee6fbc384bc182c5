import { Agent, request } from 'undici';

/** A platform request as the client makes it, and the answer read whole. */
export interface PlatformRequest {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array<ArrayBuffer>;
}

export interface PlatformAnswer {
  status: number;
  contentType: string | null;
  body: Uint8Array;
}

/** Thrown when no answer came in time; the client reports it as a time-out. */
export class PlatformTimeoutError extends Error {}

export type PlatformTransport = (url: string, init: PlatformRequest, timeoutMs: number) => Promise<PlatformAnswer>;

/**
 * The default: undici's request API over kept-alive connections. Sends run at up to 1,000 a
 * second per number, and `fetch` (its WHATWG streams, signals and Response objects) cost the
 * worker several times as much per call, measured by `npm run bench:send`.
 */
const agent = new Agent({ keepAliveTimeout: 30_000 });

export const undiciTransport: PlatformTransport = async (url, init, timeoutMs) => {
  try {
    const { body, headers } =
      init.body instanceof FormData ? await encodeForm(init.body, init.headers) : { body: init.body, headers: init.headers };
    const answer = await request(url, {
      method: init.method,
      headers,
      body,
      dispatcher: agent,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const contentType = answer.headers['content-type'];
    return {
      status: answer.statusCode,
      contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? null,
      body: new Uint8Array(await answer.body.arrayBuffer()),
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') throw new PlatformTimeoutError('timed out', { cause: error });
    throw error;
  }
};

/** A multipart body (media uploads) as bytes, with its boundary in the content type. */
async function encodeForm(form: FormData, headers: Record<string, string>) {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') as string;
  return { body: new Uint8Array(await encoded.arrayBuffer()), headers: { ...headers, 'content-type': contentType } };
}

/** A transport over a `fetch` function (tests pass one that answers without a network). */
export function fetchTransport(doFetch: typeof fetch): PlatformTransport {
  return async (url, init, timeoutMs) => {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new PlatformTimeoutError('timed out', { cause: error });
      throw error;
    }
    return { status: response.status, contentType: response.headers.get('content-type'), body: new Uint8Array(await response.arrayBuffer()) };
  };
}
