import type { ServerResponse } from 'node:http';

/** Server-sent events as the providers frame them: `event:` (when named) and one `data:` line. */
export class SseWriter {
  /** Events sent so far: the Responses stream's next `sequence_number`. */
  eventsSent = 0;

  constructor(
    private readonly res: ServerResponse,
    headers: Record<string, string>,
  ) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', ...headers });
    res.flushHeaders();
  }

  send(event: string | null, data: unknown): void {
    this.res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    this.eventsSent += 1;
  }

  /** OpenAI Chat Completions' end-of-stream sentinel. */
  sendDone(): void {
    this.res.write('data: [DONE]\n\n');
  }

  end(): void {
    this.res.end();
  }
}
