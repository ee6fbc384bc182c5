import { notFound } from '@/server/errors/api-error';
import { db, Prisma } from '@/server/db';
import { presentWebhook } from './present-webhook';
import { assertAllowedUrl, assertKnownEvents, normalizeHeaders } from './webhook-rules';

export interface WebhookChanges {
  name?: string;
  url?: string;
  events?: string[];
  headers?: Record<string, string>;
  secret?: string;
  isActive?: boolean;
}

/** Partial update; sending `secret` rotates it, and switching a webhook on clears why it was switched off. */
export async function updateWebhook(orgId: string, id: string, changes: WebhookChanges) {
  if (changes.events !== undefined) assertKnownEvents(changes.events);
  if (changes.url !== undefined) assertAllowedUrl(changes.url);
  try {
    const webhook = await db.webhook.update({
      where: { id, orgId },
      data: {
        name: changes.name,
        url: changes.url,
        events: changes.events && [...new Set(changes.events)],
        headers: changes.headers && normalizeHeaders(changes.headers),
        secret: changes.secret,
        isActive: changes.isActive,
        ...(changes.isActive === true ? { disabledReason: null, disabledAt: null } : {}),
      },
    });
    return presentWebhook(webhook);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw notFound('webhook', 'id');
    throw error;
  }
}

/** Deletes a webhook with its history; retries already queued find no delivery and stop. */
export async function deleteWebhook(orgId: string, id: string): Promise<void> {
  const { count } = await db.webhook.deleteMany({ where: { id, orgId } });
  if (count === 0) throw notFound('webhook', 'id');
}
