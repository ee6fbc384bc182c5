import { eventCatalogue } from '@/server/webhook-events/catalogue';

/** The subscribable events, with the dashboard's translation keys. */
export function listEventCatalogue() {
  return {
    data: eventCatalogue.map((entry) => ({
      ...entry,
      label_key: `webhooks.events.${entry.value}.label`,
      description_key: `webhooks.events.${entry.value}.description`,
    })),
    has_more: false,
  };
}
