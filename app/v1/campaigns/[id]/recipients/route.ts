import { addCampaignRecipients as addRecipientsSpec, listCampaignRecipients as listRecipientsSpec } from '@/server/api/endpoints/campaigns';
import { apiRoute } from '@/server/api/route';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { listCampaignRecipients } from '@/server/campaigns/list-campaign-recipients';

export const GET = apiRoute(listRecipientsSpec, ({ caller, params, query }) => listCampaignRecipients(caller.orgId, params.id, query));

export const POST = apiRoute(addRecipientsSpec, ({ caller, params, body }) => addCampaignRecipients(caller.orgId, params.id, body.recipients));
