import { listWebhookEvents } from '@/server/api/endpoints/webhooks';
import { apiRoute } from '@/server/api/route';
import { listEventCatalogue } from '@/server/webhooks/list-event-catalogue';

export const GET = apiRoute(listWebhookEvents, async () => listEventCatalogue());
