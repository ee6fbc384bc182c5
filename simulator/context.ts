import type { Logger } from 'pino';
import { SendHolds } from './held-sends';
import { pairLimiter, type RateLimiter, throughputLimiter } from './rules';
import { StatusBatches } from './status-batches';
import type { SimState } from './state';
import { SignupStore } from './signup-store';
import type { TokenStore } from './tokens';
import type { WebhookSender } from './webhook-sender';

/** The simulated app: its id, secret and system token, its Embedded Signup configuration. */
export interface SimApp {
  id: string;
  secret: string;
  /** The app's system user token: every WABA, never expires. */
  accessToken: string;
  signupConfigId: string;
  /** Where webhooks go (the app's callback URL). */
  webhookUrl: string;
  /** How long a submitted template stays PENDING. */
  templateReviewMs: number;
}

/** What request handlers share: state, the webhook sender, limiters and timers. */
export interface SimContext {
  state: SimState;
  app: SimApp;
  tokens: TokenStore;
  webhooks: WebhookSender;
  logger: Logger;
  statusDelayMs: number;
  throughput: RateLimiter;
  pairRate: RateLimiter;
  holds: SendHolds;
  statuses: StatusBatches;
  /** Embedded Signup sessions and what the next one offers. */
  signups: SignupStore;
  /** Runs `fn` after `ms` unless the simulator closes first. */
  after(ms: number, fn: () => void): void;
  clearTimers(): void;
}

export function createContext(
  parts: Pick<SimContext, 'state' | 'app' | 'tokens' | 'webhooks' | 'logger' | 'statusDelayMs'> & { statusBatchMs: number },
): SimContext {
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  const { statusBatchMs, ...shared } = parts;
  return {
    ...shared,
    throughput: throughputLimiter(),
    pairRate: pairLimiter(),
    holds: new SendHolds(),
    signups: new SignupStore(),
    statuses: new StatusBatches({ webhooks: parts.webhooks, after }, statusBatchMs),
    after,
    clearTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
