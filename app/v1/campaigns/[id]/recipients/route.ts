import { addCampaignRecipients as addRecipientsSpec, listCampaignRecipients as listRecipientsSpec } from '@/server/api/endpoints/campaigns';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { listCampaignRecipients } from '@/server/campaigns/list-campaign-recipients';

const get = apiRoute(listRecipientsSpec, ({ caller, params, query }) => listCampaignRecipients(caller.orgId, params.id, query));

const post = apiRoute(addRecipientsSpec, ({ caller, params, body }) => addCampaignRecipients(caller.orgId, params.id, body.recipients));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, POST: post });
