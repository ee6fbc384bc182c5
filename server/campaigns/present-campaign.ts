import type { Prisma } from '@/server/db';

export const campaignInclude = {
  template: { select: { name: true } },
  account: { select: { name: true } },
} as const satisfies Prisma.CampaignInclude;

export type CampaignRow = Prisma.CampaignGetPayload<{ include: typeof campaignInclude }>;

/** The API's Campaign: counters grouped under `recipients`. */
export function presentCampaign(row: CampaignRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    template_id: row.templateId,
    template_name: row.template.name,
    account: row.account.name,
    recipients: {
      total: row.totalCount,
      sent: row.sentCount,
      delivered: row.deliveredCount,
      read: row.readCount,
      failed: row.failedCount,
      skipped: row.skippedCount,
    },
    send_mode: row.sendMode,
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    started_at: row.startedAt?.toISOString() ?? null,
    resumes_at: row.resumesAt?.toISOString() ?? null,
    throttle_reason: row.throttleReason,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
  };
}

export type PresentedCampaign = ReturnType<typeof presentCampaign>;

export const recipientInclude = { message: { select: { id: true } } } as const satisfies Prisma.CampaignRecipientInclude;

type RecipientRow = Prisma.CampaignRecipientGetPayload<{ include: typeof recipientInclude }>;

export function presentRecipient(row: RecipientRow) {
  return {
    id: row.id,
    to: row.phoneNumber,
    name: row.name,
    parameters: row.parameters as Record<string, string>,
    status: row.status,
    message_id: row.message?.id ?? null,
    error_message: row.errorMessage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
