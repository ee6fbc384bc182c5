import type { FailureReason } from './rules';
import type { Phone } from './state';
import { digitsOf } from './http';

/** Webhook bodies in the platform's envelope: entry id = WABA id, routing by phone_number_id. */

const unixSeconds = (ms: number) => String(Math.floor(ms / 1000));

function envelope(wabaId: string, field: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, ...(field === 'messages' ? {} : { time: Math.floor(Date.now() / 1000) }), changes: [{ value, field }] }],
  };
}

const messagesValue = (phone: Phone, extra: Record<string, unknown>) => ({
  messaging_product: 'whatsapp',
  metadata: { display_phone_number: digitsOf(phone.display_phone_number), phone_number_id: phone.id },
  ...extra,
});

export interface StatusEvent {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | 'played';
  at: number;
  recipientDigits: string;
  bizOpaqueCallbackData?: string;
  /** `marketing`, `utility`, `authentication` or `service`; pricing rides on sent/delivered. */
  pricingCategory: string;
  failure?: FailureReason;
}

/** One webhook carrying statuses of one number (the platform batches up to 1,000 per POST). */
export function statusesWebhook(phone: Phone, statuses: StatusEvent[]) {
  return envelope(phone.wabaId, 'messages', messagesValue(phone, { statuses: statuses.map(statusEntry) }));
}

function statusEntry(e: StatusEvent) {
  const priced = e.status === 'sent' || e.status === 'delivered';
  return {
    id: e.wamid,
    status: e.status,
    timestamp: unixSeconds(e.at),
    recipient_id: e.recipientDigits,
    ...(e.bizOpaqueCallbackData !== undefined ? { biz_opaque_callback_data: e.bizOpaqueCallbackData } : {}),
    ...(priced
      ? {
          pricing: {
            billable: e.pricingCategory !== 'service',
            pricing_model: 'PMP',
            type: e.pricingCategory === 'service' ? 'free_customer_service' : 'regular',
            category: e.pricingCategory,
          },
        }
      : {}),
    ...(e.failure
      ? {
          errors: [
            {
              code: e.failure.code,
              title: e.failure.title,
              message: e.failure.title,
              error_data: { details: e.failure.details },
              href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
            },
          ],
        }
      : {}),
  };
}

export function inboundWebhook(
  phone: Phone,
  customer: { digits: string; name: string },
  message: Record<string, unknown> & { id: string; type: string },
  at: number,
) {
  const { id, ...content } = message;
  return envelope(
    phone.wabaId,
    'messages',
    messagesValue(phone, {
      // The platform sends no contacts beside a system message.
      ...(message.type === 'system' ? {} : { contacts: [{ profile: { name: customer.name }, wa_id: customer.digits }] }),
      messages: [{ from: customer.digits, id, timestamp: unixSeconds(at), ...content }],
    }),
  );
}

/** What staff sent from the WhatsApp Business app on the same number, echoed (field `smb_message_echoes`). */
export function echoWebhook(phone: Phone, to: string, message: Record<string, unknown> & { id: string; type: string }, at: number) {
  const { id, ...content } = message;
  return envelope(
    phone.wabaId,
    'smb_message_echoes',
    messagesValue(phone, { message_echoes: [{ from: digitsOf(phone.display_phone_number), to, id, timestamp: unixSeconds(at), ...content }] }),
  );
}

export function templateStatusWebhook(
  wabaId: string,
  t: { id: string; name: string; language: string; category: string },
  event: string,
  rejection?: { reason: string; recommendation: string },
) {
  return envelope(wabaId, 'message_template_status_update', {
    event,
    message_template_id: Number(t.id),
    message_template_name: t.name,
    message_template_language: t.language,
    reason: event === 'REJECTED' ? 'INVALID_FORMAT' : 'NONE',
    message_template_category: t.category,
    ...(event === 'REJECTED' && rejection ? { rejection_info: rejection } : {}),
  });
}

export function phoneQualityWebhook(phone: Phone, event: string, currentLimit: string, oldLimit?: string) {
  return envelope(phone.wabaId, 'phone_number_quality_update', {
    display_phone_number: digitsOf(phone.display_phone_number),
    event,
    max_daily_conversations_per_business: currentLimit,
    current_limit: currentLimit,
    ...(oldLimit ? { old_limit: oldLimit } : {}),
  });
}

/** `account_update`: `entry[].id` is the business the event is addressed to. */
export function accountUpdateWebhook(entryId: string, event: string, wabaInfo?: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return envelope(entryId, 'account_update', { event, ...(wabaInfo ? { waba_info: wabaInfo } : {}), ...extra });
}
