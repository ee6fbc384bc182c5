import type { CampaignStatus } from '@/server/db';
import { ApiError } from '@/server/errors/api-error';
import type { CampaignRow } from './present-campaign';

/** Refuses an action the campaign's state does not allow, naming that state (`campaign_state_conflict`). */
export function requireCampaignStatus(campaign: CampaignRow, allowed: CampaignStatus, action: string): void {
  if (campaign.status !== allowed) {
    throw new ApiError('campaign_state_conflict', `The campaign is ${campaign.status}; only a ${allowed} campaign can be ${action}.`);
  }
}
