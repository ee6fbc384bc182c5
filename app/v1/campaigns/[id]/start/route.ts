import { startCampaign as startCampaignSpec } from '@/server/api/endpoints/campaigns';
import { apiRoute } from '@/server/api/route';
import { startCampaign } from '@/server/campaigns/start-campaign';

export const POST = apiRoute(startCampaignSpec, ({ caller, params, body }) =>
  startCampaign(caller.orgId, params.id, { sendMode: body?.send_mode, scheduledAt: body?.scheduled_at }),
);
