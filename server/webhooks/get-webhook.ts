import { notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { presentWebhook } from './present-webhook';

/** A webhook of the organization, or 404 for a missing one and another organization's alike. */
export async function findOwnWebhook(orgId: string, id: string) {
  const webhook = await db.webhook.findFirst({ where: { id, orgId } });
  if (!webhook) throw notFound('webhook', 'id');
  return webhook;
}

export async function getWebhook(orgId: string, id: string) {
  return presentWebhook(await findOwnWebhook(orgId, id));
}
