import { listWebhookEvents } from '@/server/api/endpoints/webhooks';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { listEventCatalogue } from '@/server/webhooks/list-event-catalogue';

const get = apiRoute(listWebhookEvents, async () => listEventCatalogue());

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
