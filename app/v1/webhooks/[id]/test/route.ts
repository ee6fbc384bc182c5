import { testWebhook as testWebhookSpec } from '@/server/api/endpoints/webhooks';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { testWebhook } from '@/server/webhooks/test-webhook';

const post = apiRoute(testWebhookSpec, ({ caller, params }) => testWebhook(caller.orgId, params.id));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
