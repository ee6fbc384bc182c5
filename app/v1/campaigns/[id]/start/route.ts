import { startCampaign as startCampaignSpec } from '@/server/api/endpoints/campaigns';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { startCampaign } from '@/server/campaigns/start-campaign';

const post = apiRoute(startCampaignSpec, ({ caller, params, body }) =>
  startCampaign(caller.orgId, params.id, { sendMode: body?.send_mode, scheduledAt: body?.scheduled_at }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
