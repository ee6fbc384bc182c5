import { pauseCampaign as pauseCampaignSpec } from '@/server/api/endpoints/campaigns';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { pauseCampaign } from '@/server/campaigns/pause-campaign';

const post = apiRoute(pauseCampaignSpec, ({ caller, params }) => pauseCampaign(caller.orgId, params.id));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
