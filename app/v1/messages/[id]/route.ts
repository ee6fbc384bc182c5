import { getMessage as getMessageSpec } from '@/server/api/endpoints/messages';
import { apiRoute } from '@/server/api/route';
import { getMessage } from '@/server/messages/get-message';
import { presentMessage } from '@/server/messages/present-message';

export const GET = apiRoute(getMessageSpec, async ({ caller, params }) =>
  presentMessage(await getMessage(caller.orgId, params.id), { detailed: true }),
);
