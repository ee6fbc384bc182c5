import { getCampaign as getCampaignSpec } from '@/server/api/endpoints/campaigns';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { getCampaign } from '@/server/campaigns/list-campaigns';

const get = apiRoute(getCampaignSpec, ({ caller, params }) => getCampaign(caller.orgId, params.id));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
