import { createHmac, randomInt } from 'node:crypto';
import type { Logger } from 'pino';

/**
 * Delivers webhooks to the app: ASCII-escaped JSON signed over the exact bytes sent,
 * concurrently, each failed delivery retried with exponential backoff from an in-memory
 * queue so one failing delivery never holds up the others.
 */

export interface WebhookSenderOptions {
  url: string;
  appSecret: string;
  logger: Logger;
  /** First retry delay; doubles per attempt. */
  retryBaseMs?: number;
  maxAttempts?: number;
  maxConcurrent?: number;
}

interface Delivery {
  body: string;
  attempt: number;
}

/** The platform escapes non-ASCII as \uXXXX (lowercase hex) and signs that text. */
export const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function createWebhookSender(options: WebhookSenderOptions) {
  const { url, appSecret, logger } = options;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? 10;
  const maxConcurrent = options.maxConcurrent ?? 32;
  const queue: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const aborter = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let active = 0;
  let closed = false;

  function later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  function pump(): void {
    while (!closed && active < maxConcurrent && queue.length > 0) {
      const delivery = queue.shift()!;
      active += 1;
      const run = deliver(delivery).finally(() => {
        active -= 1;
        inFlight.delete(run);
        pump();
      });
      inFlight.add(run);
    }
  }

  async function deliver(delivery: Delivery): Promise<void> {
    const signature = `sha256=${createHmac('sha256', appSecret).update(delivery.body).digest('hex')}`;
    let problem: string;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
        body: delivery.body,
        signal: AbortSignal.any([aborter.signal, AbortSignal.timeout(10_000)]),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return;
      problem = `HTTP ${res.status}`;
    } catch (error) {
      if (closed) return;
      problem = error instanceof Error ? error.message : String(error);
    }
    if (delivery.attempt >= maxAttempts) {
      logger.error({ attempts: delivery.attempt, problem }, 'webhook dropped after retries');
      return;
    }
    const delay = retryBaseMs * 2 ** (delivery.attempt - 1);
    logger.warn({ attempt: delivery.attempt, problem, retryInMs: delay }, 'webhook delivery failed');
    later(delay, () => {
      queue.push({ body: delivery.body, attempt: delivery.attempt + 1 });
      pump();
    });
  }

  /** GET hub.challenge against the callback until the app answers; logs whether it echoed. */
  async function handshake(verifyToken: string, wait = 500): Promise<void> {
    if (closed) return;
    const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
    const target = new URL(url);
    target.searchParams.set('hub.mode', 'subscribe');
    target.searchParams.set('hub.verify_token', verifyToken);
    target.searchParams.set('hub.challenge', challenge);
    try {
      const res = await fetch(target, { signal: AbortSignal.any([aborter.signal, AbortSignal.timeout(10_000)]) });
      const echoed = res.status === 200 && (await res.text()).trim() === challenge;
      if (echoed) logger.info({ url }, 'webhook handshake verified: challenge echoed');
      else logger.warn({ url, status: res.status }, 'webhook handshake failed: challenge not echoed');
    } catch {
      if (closed) return;
      logger.debug({ url, retryInMs: wait }, 'webhook handshake: app not answering yet');
      later(wait, () => void handshake(verifyToken, Math.min(wait * 2, 5000)));
    }
  }

  return {
    send(payload: unknown): void {
      if (closed) return;
      queue.push({ body: asciiJson(payload), attempt: 1 });
      pump();
    },
    handshake,
    async close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      queue.length = 0;
      aborter.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
