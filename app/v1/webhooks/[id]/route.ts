import {
  deleteWebhook as deleteWebhookSpec,
  getWebhook as getWebhookSpec,
  updateWebhook as updateWebhookSpec,
} from '@/server/api/endpoints/webhooks';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { getWebhook } from '@/server/webhooks/get-webhook';
import { deleteWebhook, updateWebhook } from '@/server/webhooks/update-webhook';

const get = apiRoute(getWebhookSpec, ({ caller, params }) => getWebhook(caller.orgId, params.id));

const patch = apiRoute(updateWebhookSpec, ({ caller, params, body }) =>
  updateWebhook(caller.orgId, params.id, {
    name: body.name,
    url: body.url,
    events: body.events,
    headers: body.headers,
    secret: body.secret,
    isActive: body.is_active,
  }),
);

const remove = apiRoute(deleteWebhookSpec, ({ caller, params }) => deleteWebhook(caller.orgId, params.id));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, PATCH: patch, DELETE: remove });
