import { config } from '@/server/config';
import { ProviderFailure } from './provider-failure';

export interface ProviderTimeouts {
  connectMs: number;
  /** From the request until the model's first event. */
  firstTokenMs: number;
  /** Between one event of the model and the next. */
  idleMs: number;
  totalMs: number;
}

export const configuredProviderTimeouts: ProviderTimeouts = {
  connectMs: config.PROVIDER_CONNECT_TIMEOUT_MS,
  firstTokenMs: config.PROVIDER_FIRST_TOKEN_TIMEOUT_MS,
  idleMs: config.PROVIDER_IDLE_TIMEOUT_MS,
  totalMs: config.PROVIDER_TOTAL_TIMEOUT_MS,
};

/**
 * The clock of one provider call. Its `signal` aborts the SDK request when a limit passes
 * (reason: a provider_timeout ProviderFailure) or when the caller's signal aborts (reason: the
 * caller's). `race` makes a pending read give up at once, because an SDK stream may notice an
 * abort only at its next chunk, and a stalled provider sends none.
 */
export class CallDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly aborted: Promise<never>;
  private readonly totalTimer: NodeJS.Timeout;
  private phaseTimer: NodeJS.Timeout | undefined;
  /** Whether the phase timer is the idle one (so an event only needs to restart it). */
  private idle = false;
  private readonly forwardCallerAbort: () => void;

  constructor(
    private readonly timeouts: ProviderTimeouts,
    private readonly callerSignal?: AbortSignal,
  ) {
    this.signal = this.controller.signal;
    this.aborted = new Promise<never>((_, reject) => {
      this.signal.addEventListener('abort', () => reject(this.signal.reason), { once: true });
    });
    this.aborted.catch(() => {});
    this.forwardCallerAbort = () => this.controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) this.forwardCallerAbort();
    else callerSignal?.addEventListener('abort', this.forwardCallerAbort, { once: true });
    this.totalTimer = this.expireAfter(timeouts.totalMs, `The provider did not finish within ${timeouts.totalMs} ms`);
    this.awaitFirstEvent();
  }

  /** (Re)starts the wait for the first event: at the start, and when a call is retried. */
  awaitFirstEvent(): void {
    this.idle = false;
    this.setPhase(this.timeouts.firstTokenMs, `The provider sent nothing within ${this.timeouts.firstTokenMs} ms`);
  }

  /** An event arrived: the idle clock starts again (restarting its timer, the cheap way, after the first). */
  sawEvent(): void {
    if (this.idle && this.phaseTimer) {
      this.phaseTimer.refresh();
      return;
    }
    this.setPhase(this.timeouts.idleMs, `The provider went silent for ${this.timeouts.idleMs} ms mid-answer`);
    this.idle = true;
  }

  race<T>(pending: Promise<T>): Promise<T> {
    return Promise.race([pending, this.aborted]);
  }

  /** Waits `ms` (a retry's pause, which only the total limit counts), unless the call ends first. */
  sleep(ms: number): Promise<void> {
    clearTimeout(this.phaseTimer);
    return this.race(new Promise<void>((resolve) => setTimeout(resolve, ms)));
  }

  /** What ended the call early, if anything did: a timeout ProviderFailure or the caller's abort reason. */
  get abortReason(): unknown {
    return this.signal.aborted ? this.signal.reason : undefined;
  }

  /**
   * Stops the clocks and ends the request if it may still be open: the consumer stopped
   * reading. A stream read to its end (`requestOver`) has released its connection already, and
   * aborting it anyway ran the SDK's and undici's abort handlers on every run: the worker's CPU
   * per run 8.8 → 8.0 ms (`npm run bench:agent-runs`, part 1).
   */
  dispose(requestOver = false): void {
    if (!requestOver && !this.signal.aborted) this.controller.abort(new Error('The provider call is over'));
    clearTimeout(this.totalTimer);
    clearTimeout(this.phaseTimer);
    this.callerSignal?.removeEventListener('abort', this.forwardCallerAbort);
  }

  private setPhase(ms: number, message: string): void {
    clearTimeout(this.phaseTimer);
    this.phaseTimer = this.expireAfter(ms, message);
  }

  private expireAfter(ms: number, message: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.controller.abort(new ProviderFailure('provider_timeout', message)), ms);
    timer.unref();
    return timer;
  }
}
