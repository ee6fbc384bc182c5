import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PlatformTemplate } from '@/server/seed/demo-world';
import { checkTemplateInput } from './check-template-input';
import { platformComponentsOf, templateInputOf } from './template-components';
import { templateInputSchema, type TemplateInput } from './template-input';

const named: TemplateInput = templateInputSchema.parse({
  name: 'order_update',
  language: 'en',
  category: 'UTILITY',
  parameter_format: 'NAMED',
  header: { format: 'TEXT', text: 'Order {{order_id}}', example: 'A-1' },
  body: { text: 'Hi {{first_name}}, order {{order_id}} shipped.', examples: { first_name: 'Sam', order_id: 'A-1' } },
  footer: { text: 'Acme' },
  buttons: [
    { type: 'URL', text: 'Track', url: 'https://x.example/t/{{1}}', example: 'https://x.example/t/A-1' },
    { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+14155550100' },
    { type: 'COPY_CODE', example: 'SAVE10' },
    { type: 'QUICK_REPLY', text: 'Stop' },
  ],
});

test('named examples go where the platform wants them, and read back into the same input', () => {
  checkTemplateInput(named);
  const components = platformComponentsOf(named);
  assert.deepEqual(components[0], {
    type: 'HEADER',
    format: 'TEXT',
    text: 'Order {{order_id}}',
    example: { header_text_named_params: [{ param_name: 'order_id', example: 'A-1' }] },
  });
  assert.deepEqual((components[1] as { example: unknown }).example, {
    body_text_named_params: [
      { param_name: 'first_name', example: 'Sam' },
      { param_name: 'order_id', example: 'A-1' },
    ],
  });
  const back = templateInputOf({ ...named, components } as unknown as PlatformTemplate);
  assert.deepEqual(templateInputSchema.parse(back), named);
});

test('positional examples are ordered by number, not by appearance', () => {
  const input = templateInputSchema.parse({
    name: 'p',
    language: 'en',
    category: 'MARKETING',
    body: { text: 'Code {{2}} for {{1}} today only.', examples: { 1: 'Sam', 2: 'X9' } },
  });
  const [body] = platformComponentsOf(input);
  assert.deepEqual((body as { example: unknown }).example, { body_text: [['Sam', 'X9']] });
  const back = templateInputOf({ ...input, components: [body] } as unknown as PlatformTemplate);
  assert.deepEqual(back.body.examples, { 1: 'Sam', 2: 'X9' });
});

test('authentication: options, not text; the listed URL button reads back as the OTP button', () => {
  const input = templateInputSchema.parse({
    name: 'login',
    language: 'en',
    category: 'AUTHENTICATION',
    body: { add_security_recommendation: true },
    footer: { code_expiration_minutes: 5 },
    buttons: [{ type: 'OTP', text: 'Copy' }],
  });
  checkTemplateInput(input);
  assert.deepEqual(platformComponentsOf(input), [
    { type: 'BODY', add_security_recommendation: true },
    { type: 'FOOTER', code_expiration_minutes: 5 },
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'copy_code', text: 'Copy' }] },
  ]);
  const listed = templateInputOf({
    name: 'login',
    language: 'en',
    category: 'AUTHENTICATION',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: '{{1}} is your verification code.' },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy', url: 'https://www.whatsapp.com/otp/code/?code=otp{{1}}' }] },
    ],
  } as unknown as PlatformTemplate);
  assert.deepEqual(listed.buttons, [{ type: 'OTP', text: 'Copy' }]);
  assert.equal(listed.body.text, undefined);
});

test('a media header carries the uploaded sample’s handle', () => {
  const input = templateInputSchema.parse({ ...named, header: { format: 'IMAGE', example: 'https://x.example/a.png' } });
  checkTemplateInput(input);
  assert.deepEqual(platformComponentsOf(input, '4::abc')[0], { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::abc'] } });
});
