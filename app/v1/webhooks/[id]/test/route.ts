import { testWebhook as testWebhookSpec } from '@/server/api/endpoints/webhooks';
import { apiRoute } from '@/server/api/route';
import { testWebhook } from '@/server/webhooks/test-webhook';

export const POST = apiRoute(testWebhookSpec, ({ caller, params }) => testWebhook(caller.orgId, params.id));
