import type { Logger } from 'pino';
import { SendHolds } from './held-sends';
import { pairLimiter, type RateLimiter, throughputLimiter } from './rules';
import type { SimState } from './state';
import type { WebhookSender } from './webhook-sender';

/** What request handlers share: state, the webhook sender, limiters and timers. */
export interface SimContext {
  state: SimState;
  webhooks: WebhookSender;
  logger: Logger;
  statusDelayMs: number;
  throughput: RateLimiter;
  pairRate: RateLimiter;
  holds: SendHolds;
  /** Runs `fn` after `ms` unless the simulator closes first. */
  after(ms: number, fn: () => void): void;
  clearTimers(): void;
}

export function createContext(parts: Pick<SimContext, 'state' | 'webhooks' | 'logger' | 'statusDelayMs'>): SimContext {
  const timers = new Set<NodeJS.Timeout>();
  return {
    ...parts,
    throughput: throughputLimiter(),
    pairRate: pairLimiter(),
    holds: new SendHolds(),
    after(ms, fn) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    },
    clearTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
