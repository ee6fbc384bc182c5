'use client';

import { createParser } from 'eventsource-parser';
import { endedSession } from '@/app/_lib/session-end';

/**
 * The playground's calls to the agent service, straight from the browser to /agent/v1 as the
 * dashboard principal (docs/agent-api.md §1.2): the session cookie travels by itself, the project
 * is named in X-Project-Id, and a same-origin `fetch` of JSON passes the CSRF rule (the browser
 * sends Origin). Streams are read with `fetch` + eventsource-parser, as §1.2 says: EventSource
 * cannot send X-Project-Id. Nothing here decides anything; the page reads the events.
 */

/** A refusal of the agent service: its envelope's code and message (in the language asked for), and Retry-After. */
export class AgentCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/** A call that never got an answer (offline, server down). */
export const NETWORK_FAILURE = 'network_failure';

export interface PlaygroundEvent {
  event: string;
  data: unknown;
}

interface Call {
  projectId: string;
  language: string;
  signal?: AbortSignal;
}

async function post(path: string, body: unknown, call: Call, accept = 'application/json'): Promise<Response> {
  try {
    const res = await fetch(`/agent${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, 'x-project-id': call.projectId, 'accept-language': call.language },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: call.signal,
    });
    // The playground calls with the dashboard's cookie: a 401 means the session ended.
    endedSession(res);
    return res;
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw new AgentCallError(NETWORK_FAILURE, '', null);
  }
}

/** The refusal a non-2xx answer carries (plain JSON: errors before a stream's first byte are never events). */
async function refusal(res: Response): Promise<AgentCallError> {
  const retryAfter = Number(res.headers.get('retry-after'));
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  return new AgentCallError(body?.error?.code ?? 'internal_error', body?.error?.message ?? '', retryAfter > 0 ? retryAfter : null);
}

/** A new playground session on the agent's saved draft (`channel: playground`, `version: draft`). */
export async function startPlaygroundSession(agentId: string, call: Call): Promise<{ id: string }> {
  const res = await post('/v1/sessions', { agent: agentId, channel: 'playground', version: 'draft' }, call);
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as { id: string };
}

/**
 * Sends one message with `stream: true` and hands each event of its run to `onEvent` as it
 * arrives, until the server closes the stream (after the run's terminal event or its pause).
 */
export async function streamPlaygroundMessage(sessionId: string, input: string, call: Call, onEvent: (event: PlaygroundEvent) => void) {
  const res = await post(`/v1/sessions/${encodeURIComponent(sessionId)}/messages`, { input, stream: true }, call, 'text/event-stream');
  if (!res.ok) throw await refusal(res);
  if (!res.body) throw new AgentCallError(NETWORK_FAILURE, '', null);
  const parser = createParser({
    onEvent: ({ event, data }) => {
      let parsed: unknown = data;
      try {
        parsed = JSON.parse(data);
      } catch {
        // A non-JSON data line is passed on as text.
      }
      onEvent({ event: event ?? 'message', data: parsed });
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw new AgentCallError(NETWORK_FAILURE, '', null);
  }
}

/** Stops a run (a run waiting for client tool outputs the playground cannot give, or one the user stops). */
export async function cancelPlaygroundRun(runId: string, call: Call): Promise<void> {
  const res = await post(`/v1/runs/${encodeURIComponent(runId)}/cancel`, {}, call);
  // Already ended is as good as cancelled here.
  if (!res.ok && res.status !== 409) throw await refusal(res);
}
