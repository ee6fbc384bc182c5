import type { CampaignStatus, Prisma } from '@/server/db';

/**
 * The one status language the dashboard speaks about a campaign. The stored status says where
 * it is in its life; a `processing` campaign parked against the messaging limit (`resumes_at`
 * set) is not sending, so people see it waiting for the limit instead.
 */
export const campaignDisplayStatuses = ['draft', 'scheduled', 'sending', 'waiting_for_limit', 'paused', 'completed', 'failed'] as const;

export type CampaignDisplayStatus = (typeof campaignDisplayStatuses)[number];

export function presentCampaignStatus(campaign: { status: CampaignStatus; resumes_at: string | null }): CampaignDisplayStatus {
  if (campaign.status !== 'processing') return campaign.status;
  return campaign.resumes_at ? 'waiting_for_limit' : 'sending';
}

/** The campaigns shown with this status (the inverse of `presentCampaignStatus`, for filtering lists). */
export function whereCampaignDisplayStatus(status: CampaignDisplayStatus): Prisma.CampaignWhereInput {
  if (status === 'sending') return { status: 'processing', resumesAt: null };
  if (status === 'waiting_for_limit') return { status: 'processing', resumesAt: { not: null } };
  return { status };
}
