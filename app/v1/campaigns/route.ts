import { createCampaign as createCampaignSpec, listCampaigns as listCampaignsSpec } from '@/server/api/endpoints/campaigns';
import { apiRoute } from '@/server/api/route';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { listCampaigns } from '@/server/campaigns/list-campaigns';

export const GET = apiRoute(listCampaignsSpec, ({ caller, query }) => listCampaigns(caller.orgId, query));

export const POST = apiRoute(createCampaignSpec, ({ caller, body }) =>
  createCampaign(caller.orgId, { name: body.name, template: body.template, templateId: body.template_id, account: body.account }),
);
