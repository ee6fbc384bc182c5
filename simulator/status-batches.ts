import type { Phone } from './state';
import { statusesWebhook, type StatusEvent } from './webhook-events';
import type { WebhookSender } from './webhook-sender';

/** The platform's largest batch of status updates in one POST. */
const MAX_BATCH = 1000;

/**
 * Status updates leave in batches per number, as the platform's do under load: the first
 * update of a batch waits `batchMs` for others (0 sends each on its own), and a batch
 * never exceeds 1,000 updates. Order within a number is kept.
 */
export class StatusBatches {
  private readonly waiting = new Map<string, { phone: Phone; statuses: StatusEvent[] }>();

  constructor(
    private readonly ctx: { webhooks: WebhookSender; after(ms: number, fn: () => void): void },
    private readonly batchMs: number,
  ) {}

  add(phone: Phone, status: StatusEvent): void {
    if (this.batchMs === 0) return this.ctx.webhooks.send(statusesWebhook(phone, [status]));
    let batch = this.waiting.get(phone.id);
    if (!batch) {
      batch = { phone, statuses: [] };
      this.waiting.set(phone.id, batch);
      this.ctx.after(this.batchMs, () => this.flush(phone.id, batch as NonNullable<typeof batch>));
    }
    batch.statuses.push(status);
    if (batch.statuses.length >= MAX_BATCH) this.flush(phone.id, batch);
  }

  private flush(phoneId: string, batch: { phone: Phone; statuses: StatusEvent[] }): void {
    if (this.waiting.get(phoneId) !== batch) return; // already sent when it filled up
    this.waiting.delete(phoneId);
    this.ctx.webhooks.send(statusesWebhook(batch.phone, batch.statuses));
  }
}
