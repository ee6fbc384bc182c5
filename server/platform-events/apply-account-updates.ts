import { db, type TemplateStatus } from '@/server/db';
import { logger } from '@/server/logger';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { enqueue } from '@/server/queues';

const templateStatuses: Record<string, TemplateStatus> = {
  APPROVED: 'APPROVED',
  REINSTATED: 'APPROVED',
  UNPAUSED: 'APPROVED',
  PENDING: 'PENDING',
  REJECTED: 'REJECTED',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  DELETED: 'DISABLED',
  PENDING_DELETION: 'DISABLED',
  ARCHIVED: 'DISABLED',
};

/** The platform changed a template's status (approval, rejection, pause...). */
export async function applyTemplateStatusUpdate(item: Extract<PlatformWebhookItem, { kind: 'template_status' }>) {
  const status = templateStatuses[item.event];
  if (!status) {
    logger.info({ event: item.event, template: item.name }, 'template status event not tracked');
    return;
  }
  await db.template.updateMany({
    where: { platformTemplateId: item.templateId, account: { portfolio: { wabaId: item.wabaId } } },
    data: { status, syncedAt: new Date() },
  });
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * The platform reports a change of a number's quality or the portfolio's limit. The webhook
 * names the number only by its display form, so the number is re-read from the platform.
 */
export async function applyPhoneQualityUpdate(item: Extract<PlatformWebhookItem, { kind: 'phone_quality' }>) {
  const accounts = await db.account.findMany({
    where: { portfolio: { wabaId: item.wabaId } },
    select: { id: true, displayPhoneNumber: true },
  });
  const matching = accounts.filter((a) => digits(a.displayPhoneNumber) === digits(item.displayPhoneNumber));
  for (const account of matching.length ? matching : accounts) {
    await enqueue('maintenance', 'account.sync', { accountId: account.id });
  }
}
