/** Every event the service emits (docs/messaging-api.md §7); webhooks subscribe to these names. */
export const eventCatalogue = [
  { value: 'message.received', group: 'Messages', label: 'Message received', description: 'A customer sent a message to one of your numbers.' },
  { value: 'message.sent', group: 'Messages', label: 'Message sent', description: 'The platform accepted an outgoing message.' },
  {
    value: 'message.delivered',
    group: 'Messages',
    label: 'Message delivered',
    description: "An outgoing message reached the recipient's device.",
  },
  { value: 'message.read', group: 'Messages', label: 'Message read', description: 'The recipient opened an outgoing message.' },
  {
    value: 'message.failed',
    group: 'Messages',
    label: 'Message failed',
    description: 'The platform refused or failed an outgoing message; `error_message` says why.',
  },
  {
    value: 'message.reaction',
    group: 'Messages',
    label: 'Message reaction',
    description: 'A contact or someone in the inbox reacted to a message, or removed their reaction (`emoji` null).',
  },
  {
    value: 'button.reply',
    group: 'Messages',
    label: 'Button reply',
    description: 'A contact tapped a quick-reply button of a template message.',
  },
  {
    value: 'campaign.completed',
    group: 'Campaigns',
    label: 'Campaign completed',
    description: 'Every recipient of a campaign was dealt with; carries the final counts.',
  },
  { value: 'campaign.failed', group: 'Campaigns', label: 'Campaign failed', description: 'A campaign could not run; `failure_reason` says why.' },
  {
    value: 'campaign.throttled',
    group: 'Campaigns',
    label: 'Campaign throttled',
    description: 'A campaign parked itself against the messaging limit until `resumes_at`.',
  },
  {
    value: 'template.status_updated',
    group: 'Account',
    label: 'Template status updated',
    description: "The platform changed a template's status.",
  },
  {
    value: 'account.quality_updated',
    group: 'Account',
    label: 'Account quality updated',
    description: "The platform changed a number's quality rating or messaging limit.",
  },
] as const;

export type EventName = (typeof eventCatalogue)[number]['value'];
export const eventNames = eventCatalogue.map((e) => e.value) as EventName[];
