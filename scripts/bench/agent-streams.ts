import { createParser } from 'eventsource-parser';

/** What the agent service's streaming benchmarks share: reading a reply stream, the same request straight to the AI simulator, and statistics. */

/** The p-th percentile of unsorted values. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/** Runs `work` for each item, `width` at a time. */
export async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export interface StreamRead {
  /** ms from `started` to the first text delta (NaN when none came). */
  first: number;
  text: string;
  lastId: string;
  cut: boolean;
}

/**
 * Reads an agent stream (`message.delta` events) or an OpenAI chat completion stream to its end,
 * or with `cutAfter` until that many deltas, then drops it, as a broken connection would.
 */
export async function readStream(response: Response, started: number, cutAfter?: number): Promise<StreamRead> {
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  let first = Number.NaN;
  let text = '';
  let lastId = '';
  let deltas = 0;
  let direct = false;
  const parser = createParser({
    onEvent: (event) => {
      if (event.id) lastId = event.id;
      let delta: string | undefined;
      if (event.event === 'message.delta') delta = (JSON.parse(event.data) as { text: string }).text;
      else if (!event.event && event.data !== '[DONE]') {
        direct = true;
        delta = (JSON.parse(event.data) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content;
      }
      if (!delta) return;
      if (Number.isNaN(first)) first = performance.now() - started;
      text += delta;
      deltas += 1;
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const read = await reader.read();
    if (read.done) break;
    parser.feed(decoder.decode(read.value, { stream: true }));
    if (cutAfter !== undefined && deltas >= cutAfter && !direct) {
      await reader.cancel();
      return { first, text, lastId, cut: true };
    }
  }
  return { first, text, lastId, cut: false };
}

/** The input every streamed benchmark run sends: the simulator answers `w1 w2 … w<tokens>`. */
export const streamedInput = (tokens: number) => `[[sim:tokens=${tokens}]] Tell me about the weather.`;
export const expectedReply = (tokens: number) => Array.from({ length: tokens }, (_, i) => `w${i + 1}`).join(' ');

/** A streamed chat completion of `input` sent straight to the AI simulator, as a run's model call would be. */
export function postToSimulator(aiPort: number, simKey: string, input: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${aiPort}/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${simKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'sim/steady',
      stream: true,
      messages: [
        { role: 'system', content: 'Benchmark.' },
        { role: 'user', content: input },
      ],
    }),
  });
}

/** The model call a run makes, sent straight to the AI simulator: the baseline a run's latency is compared with. */
export async function straightToSimulator(aiPort: number, simKey: string, tokens: number): Promise<StreamRead> {
  const started = performance.now();
  return readStream(await postToSimulator(aiPort, simKey, streamedInput(tokens)), started);
}

/** Sets the AI simulator's pace (ms to the first token, between tokens). */
export const configureSimulator = (aiPort: number, timing: { ttft_ms: number; token_ms: number }) =>
  fetch(`http://127.0.0.1:${aiPort}/_sim/ai/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(timing),
  });

/** Waits for the AI simulator to answer, and sets its pace. */
export async function waitForSimulator(aiPort: number, timing: { ttft_ms: number; token_ms: number }): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (
      await configureSimulator(aiPort, timing).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the AI simulator did not start');
}
