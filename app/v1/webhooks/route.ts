import { createWebhook as createWebhookSpec, listWebhooks as listWebhooksSpec } from '@/server/api/endpoints/webhooks';
import { apiRoute } from '@/server/api/route';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { listWebhooks } from '@/server/webhooks/list-webhooks';

export const GET = apiRoute(listWebhooksSpec, ({ caller }) => listWebhooks(caller.orgId));

export const POST = apiRoute(createWebhookSpec, ({ caller, body }) =>
  createWebhook(caller.orgId, {
    name: body.name,
    url: body.url,
    events: body.events,
    headers: body.headers,
    secret: body.secret,
    isActive: body.is_active,
  }),
);
