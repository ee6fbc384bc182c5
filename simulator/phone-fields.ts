import type { SimContext } from './context';
import { GraphError } from './graph-error';
import type { Phone } from './state';

/** Every field the simulator knows of a phone number, and `fields=` selection. */

export function phoneRecord(ctx: SimContext, phone: Phone): Record<string, unknown> {
  const tier = ctx.state.waba(phone.wabaId).tier;
  const digits = phone.display_phone_number.replace(/\D/g, '');
  return {
    id: phone.id,
    display_phone_number: phone.display_phone_number,
    verified_name: phone.verified_name,
    quality_rating: phone.quality_rating,
    code_verification_status: 'VERIFIED',
    platform_type: phone.registered ? 'CLOUD_API' : 'NOT_APPLICABLE',
    status: phone.registered ? 'CONNECTED' : 'PENDING',
    name_status: 'APPROVED',
    account_mode: 'LIVE',
    host_platform: 'CLOUD_API',
    country_code: 'US',
    country_dial_code: digits.startsWith('1') ? '1' : digits.slice(0, 2),
    is_official_business_account: false,
    throughput: { level: phone.throughputLevel ?? 'STANDARD' },
    whatsapp_business_manager_messaging_limit: tier,
    messaging_limit_tier: tier,
    last_onboarded_time: new Date(phone.onboardedAt ?? 0).toISOString().replace(/\.\d{3}Z$/, '+0000'),
    webhook_configuration: { application: ctx.app.webhookUrl },
  };
}

/** `fields=a,b` picks those (plus `id`); unknown fields are the platform's code 100. */
export function selectFields(
  all: Record<string, unknown>,
  requested: string | undefined,
  defaults: string[],
  nodeType = 'WhatsAppBusinessPhoneNumber',
) {
  const asked = requested
    ?.split(',')
    .map((f) => f.trim().replace(/\{.*\}$/, ''))
    .filter(Boolean);
  const fields = asked?.length ? [...new Set([...asked, 'id'])] : defaults;
  const unknown = fields.find((f) => !(f in all));
  if (unknown) throw new GraphError(100, `Tried accessing nonexisting field (${unknown})`, `on node type (${nodeType})`);
  return Object.fromEntries(fields.map((f) => [f, all[f]]));
}
