import type { Logger } from 'pino';
import type { BehaviourQueue } from './behaviour-queue';
import type { Timing } from './pacer';
import type { RequestLog } from './request-log';
import type { Scenarios } from './scenarios';

/** Everything the AI simulator keeps while it runs (in memory only). */
export interface AiSimState {
  timing: Timing;
  scenarios: Scenarios;
  queue: BehaviourQueue;
  requests: RequestLog;
  logger: Logger;
}
