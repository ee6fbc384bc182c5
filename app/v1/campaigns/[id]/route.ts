import { getCampaign as getCampaignSpec } from '@/server/api/endpoints/campaigns';
import { apiRoute } from '@/server/api/route';
import { getCampaign } from '@/server/campaigns/list-campaigns';

export const GET = apiRoute(getCampaignSpec, ({ caller, params }) => getCampaign(caller.orgId, params.id));
