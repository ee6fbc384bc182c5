import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { presentWebhook } from './present-webhook';
import { assertAllowedUrl, assertKnownEvents, generateWebhookSecret, normalizeHeaders } from './webhook-rules';

export interface WebhookInput {
  name: string;
  url: string;
  events: string[];
  headers?: Record<string, string>;
  secret?: string;
  isActive?: boolean;
}

/** Creates a webhook; the response is the only place its secret is ever shown. */
export async function createWebhook(orgId: string, input: WebhookInput) {
  assertKnownEvents(input.events);
  assertAllowedUrl(input.url);
  const secret = input.secret ?? generateWebhookSecret();
  const webhook = await db.webhook.create({
    data: {
      id: newId('webhook'),
      orgId,
      name: input.name,
      url: input.url,
      events: [...new Set(input.events)],
      headers: normalizeHeaders(input.headers ?? {}),
      secret,
      isActive: input.isActive ?? true,
    },
  });
  return { ...presentWebhook(webhook), secret };
}
