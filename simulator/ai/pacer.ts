import type { ServerResponse } from 'node:http';
import type { StreamFault } from './behaviours';

/** The simulator's speed: time to the first token and between tokens (runtime-adjustable). */
export interface Timing {
  ttftMs: number;
  tokenMs: number;
}

/** The response cannot go on: the client left, or a `drop` cut the connection. */
export class StreamCut extends Error {}

/** A `stream_error` fault: the format writes its in-stream error event instead of the rest. */
export class StreamFailure extends Error {}

/** Tokens a `drop` or `stream_error` lets through before it strikes. */
const TOKENS_BEFORE_FAULT = 3;
const DROP_GRACE_MS = 50;

/**
 * Paces a response token by token, and is where stream faults strike: `stall` lets one token
 * through and then waits for the client to leave; `drop` destroys the socket after a few tokens
 * (or at the end, for shorter replies); `stream_error` fails likewise.
 */
export class Pacer {
  private emitted = 0;

  constructor(
    private readonly timing: Timing,
    private readonly fault: StreamFault | undefined,
    private readonly res: ServerResponse,
  ) {}

  /** Waits until the next token is due; throws when the response must stop instead. */
  async nextToken(): Promise<void> {
    await this.strikeIfDue(TOKENS_BEFORE_FAULT);
    await sleep(this.emitted === 0 ? this.timing.ttftMs : this.timing.tokenMs);
    if (this.res.destroyed) throw new StreamCut();
    this.emitted += 1;
  }

  /** Called before the closing events, so a fault due later than the reply's end still strikes. */
  async beforeFinish(): Promise<void> {
    await this.strikeIfDue(this.emitted);
  }

  private async strikeIfDue(after: number): Promise<void> {
    if (this.res.destroyed) throw new StreamCut();
    if (this.fault === 'stall' && this.emitted >= 1) {
      await new Promise((resolve) => this.res.once('close', resolve));
      throw new StreamCut();
    }
    if (this.emitted < after) return;
    if (this.fault === 'drop') {
      // Cut once what was streamed has had time to reach the client, else its reader could
      // lose the tokens along with the connection and the cut would not be "mid-way".
      if (this.res.headersSent) {
        await new Promise((resolve) => this.res.write('', resolve));
        await sleep(DROP_GRACE_MS);
      }
      this.res.destroy();
      throw new StreamCut();
    }
    if (this.fault === 'stream_error') throw new StreamFailure();
  }
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
