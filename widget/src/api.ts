import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** An error answer of the agent API (docs/agent-api.md §1.1): its code and its message in the widget's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Api {
  /** JSON call; `credential` is the publishable key or the client token. Non-2xx answers throw ApiError. */
  json<T>(method: string, path: string, credential: string, body?: unknown): Promise<T>;
  /** A request whose answer may be an event stream (or JSON, or an error). */
  open(
    method: string,
    path: string,
    credential: string,
    options?: { body?: unknown; lastEventId?: string | null; signal?: AbortSignal },
  ): Promise<Response>;
}

export function createApi(base: string, language: string): Api {
  const open: Api['open'] = (method, path, credential, options = {}) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${credential}`, 'Accept-Language': language };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
    return fetch(`${base}/agent/v1${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: 'no-store',
      credentials: 'omit',
    });
  };
  return {
    open,
    async json<T>(method: string, path: string, credential: string, body?: unknown) {
      const res = await open(method, path, credential, { body });
      if (!res.ok) throw await errorOf(res);
      return (await res.json()) as T;
    },
  };
}

/** The error of a non-2xx answer, from its envelope `{error: {code, message}}`. */
export async function errorOf(res: Response): Promise<ApiError> {
  const envelope = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  return new ApiError(res.status, envelope?.error?.code ?? 'http_' + res.status, envelope?.error?.message ?? res.statusText);
}

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: Record<string, unknown>;
}

/**
 * Reads an SSE body to its end, calling `onEvent` for each event (`: ping` comments are
 * skipped by the parser). Resolves when the server closes the stream; rejects when the
 * connection breaks (the caller resumes with the last `id` it saw).
 */
export async function readEvents(res: Response, onEvent: (event: StreamEvent) => void): Promise<void> {
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(message.data) as Record<string, unknown>;
      } catch {
        // not JSON: passed on empty
      }
      onEvent({ id: message.id, event: message.event ?? 'message', data });
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}

export const isEventStream = (res: Response) => (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
