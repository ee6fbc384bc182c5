import { createWebhook as createWebhookSpec, listWebhooks as listWebhooksSpec } from '@/server/api/endpoints/webhooks';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { listWebhooks } from '@/server/webhooks/list-webhooks';

const get = apiRoute(listWebhooksSpec, ({ caller }) => listWebhooks(caller.orgId));

const post = apiRoute(createWebhookSpec, ({ caller, body }) =>
  createWebhook(caller.orgId, {
    name: body.name,
    url: body.url,
    events: body.events,
    headers: body.headers,
    secret: body.secret,
    isActive: body.is_active,
  }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, POST: post });
