'use client';

import { useTranslations } from 'next-intl';
import type { CampaignStatus } from '@/server/db';
import { presentCampaignStatus } from '@/server/campaigns/present-campaign-status';
import { statusTone } from './format';

/** A campaign's status in the dashboard's one status language (a parked campaign waits for the limit). */
export function CampaignStatusBadge({ campaign, testId }: { campaign: { status: CampaignStatus; resumes_at: string | null }; testId?: string }) {
  const t = useTranslations('campaigns.status');
  const shown = presentCampaignStatus(campaign);
  return (
    <span data-testid={testId} className={`rounded-full px-2 py-0.5 text-xs ring-1 ${statusTone[shown]}`}>
      {t(shown)}
    </span>
  );
}
