/**
 * The demo businesses as they exist on the platform: business accounts (WABAs), their phone
 * numbers and message templates, in the platform's own wire format (the shape
 * `GET /{waba_id}/message_templates` returns). The seed writes the service's copy of them and
 * the simulator serves them, so a fresh demo is consistent on both sides.
 */

export type PlatformTemplateComponent =
  | { type: 'HEADER'; format: 'TEXT'; text: string; example?: unknown }
  | { type: 'HEADER'; format: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; example?: unknown }
  | { type: 'BODY'; text: string; example?: unknown }
  /** Authentication templates are submitted without body text (the platform writes it). */
  | { type: 'BODY'; text?: undefined; add_security_recommendation?: boolean }
  | { type: 'FOOTER'; text: string }
  | { type: 'FOOTER'; text?: undefined; code_expiration_minutes: number }
  | {
      type: 'BUTTONS';
      buttons: Array<
        | { type: 'QUICK_REPLY'; text: string }
        | { type: 'URL'; text: string; url: string; example?: string[] }
        | { type: 'COPY_CODE'; example?: string }
        | { type: 'PHONE_NUMBER'; text: string; phone_number: string }
        | { type: 'OTP'; otp_type: string; text?: string }
      >;
    };

export interface PlatformTemplate {
  id: string;
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  parameter_format: 'NAMED' | 'POSITIONAL';
  components: PlatformTemplateComponent[];
}

export interface PlatformPhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
}

export interface PlatformBusiness {
  waba_id: string;
  messaging_limit_tier: 'TIER_250' | 'TIER_2K' | 'TIER_10K' | 'TIER_100K' | 'TIER_UNLIMITED';
  phone_numbers: PlatformPhoneNumber[];
  templates: PlatformTemplate[];
}

const acmeTemplates: PlatformTemplate[] = [
  {
    id: '710000000000001',
    name: 'order_update',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{customer_name}}, your order {{order_id}} has been updated.',
        example: {
          body_text_named_params: [
            { param_name: 'customer_name', example: 'Jessica' },
            { param_name: 'order_id', example: 'A-1001' },
          ],
        },
      },
    ],
  },
  {
    id: '710000000000002',
    name: 'promo_offer',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: 'Hi {{1}}, enjoy {{2}} off your next order!', example: { body_text: [['Jessica', '20%']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Yes please' },
          { type: 'QUICK_REPLY', text: 'Stop' },
        ],
      },
    ],
  },
  {
    id: '710000000000003',
    name: 'login_code',
    language: 'en',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: '{{1}} is your verification code.', example: { body_text: [['123456']] } },
      {
        type: 'BUTTONS',
        // The platform creates authentication buttons as OTP/COPY_CODE but lists them as URL.
        buttons: [{ type: 'URL', text: 'Copy code', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code={{1}}' }],
      },
    ],
  },
  {
    id: '710000000000004',
    name: 'shipping_photo',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      {
        type: 'BODY',
        text: 'Your order {{order_id}} is on its way.',
        example: { body_text_named_params: [{ param_name: 'order_id', example: 'A-1001' }] },
      },
    ],
  },
  {
    id: '710000000000005',
    name: 'header_text',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      {
        type: 'HEADER',
        format: 'TEXT',
        text: '{{title}}',
        example: { header_text_named_params: [{ param_name: 'title', example: 'Update' }] },
      },
      {
        type: 'BODY',
        text: 'Hello {{name}}, we have news for you.',
        example: { body_text_named_params: [{ param_name: 'name', example: 'Jessica' }] },
      },
    ],
  },
  {
    id: '710000000000006',
    name: 'draft_promo',
    language: 'en',
    status: 'PENDING',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [{ type: 'BODY', text: 'Our big sale starts soon.' }],
  },
  {
    id: '710000000000007',
    name: 'old_promo',
    language: 'en',
    status: 'REJECTED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [{ type: 'BODY', text: 'Last year\u2019s offer.' }],
  },
];

export const demoWorld = {
  acme: {
    waba_id: '300000000000001',
    messaging_limit_tier: 'TIER_250',
    phone_numbers: [
      { id: '100000000000001', display_phone_number: '+1 555-010-0001', verified_name: 'Acme', quality_rating: 'GREEN' },
      { id: '100000000000002', display_phone_number: '+1 555-010-0002', verified_name: 'Acme Support', quality_rating: 'GREEN' },
    ],
    templates: acmeTemplates,
  },
  globex: {
    waba_id: '300000000000002',
    messaging_limit_tier: 'TIER_2K',
    phone_numbers: [{ id: '200000000000001', display_phone_number: '+1 555-020-0001', verified_name: 'Globex', quality_rating: 'GREEN' }],
    templates: [
      {
        id: '720000000000001',
        name: 'welcome',
        language: 'en',
        status: 'APPROVED',
        category: 'UTILITY',
        parameter_format: 'POSITIONAL',
        components: [{ type: 'BODY', text: 'Welcome to Globex, {{1}}!', example: { body_text: [['Sam']] } }],
      },
    ],
  },
} satisfies Record<string, PlatformBusiness>;

export const demoBusinesses: PlatformBusiness[] = Object.values(demoWorld);
