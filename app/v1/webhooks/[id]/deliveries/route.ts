import { listWebhookDeliveries } from '@/server/api/endpoints/webhooks';
import { apiRoute } from '@/server/api/route';
import { listDeliveries } from '@/server/webhooks/list-deliveries';

export const GET = apiRoute(listWebhookDeliveries, ({ caller, params, query }) =>
  listDeliveries(caller.orgId, params.id, { event: query.event, limit: query.limit }),
);
