import { AgentError, agentErrorEnvelope, type AgentLanguage } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';

/**
 * A server-sent event stream for /agent/v1 (docs/agent-api.md §1.6): numbered `id:` lines, JSON
 * `data`. `produce` writes the events; whatever it throws becomes the stream's `error` event
 * (a stream fault: the body already started, so no status can say it any more).
 */
export interface SseWriter {
  send(event: string, data: unknown): void;
  /** A bare `data:` line, for the OpenAI-compatible stream (its chunks and `[DONE]`). */
  data(text: string): void;
}

export function agentSseResponse(produce: (writer: SseWriter) => Promise<void>, faultOf: (error: unknown) => unknown): Response {
  const encoder = new TextEncoder();
  let sequence = 0;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const writer: SseWriter = {
        send(event, data) {
          sequence += 1;
          controller.enqueue(encoder.encode(`id: ${sequence}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        },
        data(text) {
          controller.enqueue(encoder.encode(`data: ${text}\n\n`));
        },
      };
      try {
        await produce(writer);
      } catch (error) {
        writer.send('error', faultOf(error));
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
}

/** The `error` event for an unexpected failure once a stream has started: `internal_error`. */
export function agentStreamFault(requestId: string, language: AgentLanguage) {
  return (error: unknown) => {
    logger.error({ requestId, err: error }, 'stream fault in /agent');
    return agentErrorEnvelope(new AgentError('internal_error'), requestId, language);
  };
}
