import { listWebhookDeliveries } from '@/server/api/endpoints/webhooks';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { listDeliveries } from '@/server/webhooks/list-deliveries';

const get = apiRoute(listWebhookDeliveries, ({ caller, params, query }) =>
  listDeliveries(caller.orgId, params.id, { event: query.event, limit: query.limit }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
