import { markNeedsAttention, type AccountStatusReason } from '@/server/accounts/account-health';
import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db, type TemplateStatus } from '@/server/db';
import { getPgPool } from '@/server/db/pg';
import { publishEvent } from '@/server/webhook-events/publish-event';
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

/**
 * The platform changed a template's status (approval, rejection, pause...): each of the
 * organization's copies that changed is updated and announced as `template.status_updated`,
 * with the platform's reason, in one transaction.
 */
export async function applyTemplateStatusUpdate(item: Extract<PlatformWebhookItem, { kind: 'template_status' }>) {
  const status = templateStatuses[item.event];
  if (!status) {
    logger.info({ event: item.event, template: item.name }, 'template status event not tracked');
    return;
  }
  await db.$transaction(async (tx) => {
    const changed = await tx.template.findMany({
      where: { platformTemplateId: item.templateId, account: { portfolio: { wabaId: item.wabaId } }, status: { not: status } },
      select: { id: true, orgId: true, name: true, language: true },
    });
    const reason = item.reason && item.reason !== 'NONE' ? item.reason : null;
    await tx.template.updateMany({
      where: { platformTemplateId: item.templateId, account: { portfolio: { wabaId: item.wabaId } } },
      data: { status, statusReason: reason, statusDetail: item.detail ?? null, syncedAt: new Date() },
    });
    for (const template of changed) {
      await publishEvent(tx, template.orgId, 'template.status_updated', {
        template: {
          id: template.id,
          name: template.name,
          language: template.language,
          status,
          reason,
          detail: item.detail ?? null,
        },
      });
    }
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

/** The business account's events that change its numbers' health (docs/going-live.md, "Number health"). */
const accountEventHealth: Partial<Record<string, AccountStatusReason>> = {
  // The business removed the app: its token is revoked.
  PARTNER_APP_UNINSTALLED: 'token_invalid',
  PARTNER_REMOVED: 'token_invalid',
  // A policy restriction or a disabled account: the numbers cannot send.
  ACCOUNT_VIOLATION: 'restricted',
  DISABLED_UPDATE: 'restricted',
};

/** The platform reports a change of the business account; those that stop its numbers move them to needs_attention. */
export async function applyAccountUpdate(item: Extract<PlatformWebhookItem, { kind: 'account_update' }>) {
  const reason = accountEventHealth[item.event];
  if (!reason) {
    logger.info({ event: item.event, wabaId: item.wabaId }, 'account update not tracked');
    return;
  }
  const accounts = await db.account.findMany({ where: { portfolio: { wabaId: item.wabaId } }, select: { id: true } });
  for (const account of accounts) await markNeedsAttention(getPgPool(), account.id, reason);
  if (accounts.length > 0) await notifyCallerChange(); // /v1/me shows each number's status
}
