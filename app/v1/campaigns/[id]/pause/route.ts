import { pauseCampaign as pauseCampaignSpec } from '@/server/api/endpoints/campaigns';
import { apiRoute } from '@/server/api/route';
import { pauseCampaign } from '@/server/campaigns/pause-campaign';

export const POST = apiRoute(pauseCampaignSpec, ({ caller, params }) => pauseCampaign(caller.orgId, params.id));
