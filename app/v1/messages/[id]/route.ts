import { getMessage as getMessageSpec } from '@/server/api/endpoints/messages';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { getMessage } from '@/server/messages/get-message';
import { presentMessage } from '@/server/messages/present-message';

const get = apiRoute(getMessageSpec, async ({ caller, params }) => presentMessage(await getMessage(caller.orgId, params.id), { detailed: true }));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
