import type { EventName } from '@/server/webhook-events/catalogue';

/** A made-up subject for a test delivery of `event`, shaped like the real payload's. */
export function sampleSubject(event: EventName, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  const message = {
    id: 'msg_test',
    contact_id: 'ct_test',
    to: '+14155550100',
    from: 'main',
    type: 'text',
    direction: event === 'message.received' ? 'incoming' : 'outgoing',
    status: 'sent',
    content: 'This is a test event.',
    has_media: false,
    template_name: null,
    wamid: 'wamid.test',
    error_code: null,
    error_message: null,
    reference: null,
    created_at: at,
    updated_at: at,
  };
  if (event.startsWith('message.')) return { message };
  if (event === 'button.reply') {
    return {
      button: { id: 'TEST', text: 'Test button' },
      in_reply_to: { message_id: 'msg_test', wamid: 'wamid.test', reference: null },
      contact: { id: 'ct_test', phone_number: '+14155550100', name: 'Test Contact' },
      message: { ...message, direction: 'incoming', content: 'Test button' },
    };
  }
  if (event.startsWith('campaign.')) return { campaign: { id: 'cmp_test', name: 'Test campaign', status: event.slice('campaign.'.length) } };
  if (event === 'template.status_updated') return { template: { id: 'tpl_test', name: 'test_template', status: 'APPROVED' } };
  return { account: { id: 'acc_test', name: 'main', quality_rating: 'GREEN' } };
}
