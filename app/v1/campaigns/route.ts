import { createCampaign as createCampaignSpec, listCampaigns as listCampaignsSpec } from '@/server/api/endpoints/campaigns';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { listCampaigns } from '@/server/campaigns/list-campaigns';

const get = apiRoute(listCampaignsSpec, ({ caller, query }) => listCampaigns(caller.orgId, query));

const post = apiRoute(createCampaignSpec, ({ caller, body }) =>
  createCampaign(caller.orgId, { name: body.name, template: body.template, templateId: body.template_id, account: body.account }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, POST: post });
