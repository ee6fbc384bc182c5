import {
  deleteWebhook as deleteWebhookSpec,
  getWebhook as getWebhookSpec,
  updateWebhook as updateWebhookSpec,
} from '@/server/api/endpoints/webhooks';
import { apiRoute } from '@/server/api/route';
import { getWebhook } from '@/server/webhooks/get-webhook';
import { deleteWebhook, updateWebhook } from '@/server/webhooks/update-webhook';

export const GET = apiRoute(getWebhookSpec, ({ caller, params }) => getWebhook(caller.orgId, params.id));

export const PATCH = apiRoute(updateWebhookSpec, ({ caller, params, body }) =>
  updateWebhook(caller.orgId, params.id, {
    name: body.name,
    url: body.url,
    events: body.events,
    headers: body.headers,
    secret: body.secret,
    isActive: body.is_active,
  }),
);

export const DELETE = apiRoute(deleteWebhookSpec, ({ caller, params }) => deleteWebhook(caller.orgId, params.id));
