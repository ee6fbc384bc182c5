import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePlatformWebhook } from './webhook-payload';

const envelope = (value: Record<string, unknown>, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA1', changes: [{ field, value }] }],
});
const metadata = { display_phone_number: '15550100001', phone_number_id: 'PHONE1' };

function items(input: unknown) {
  const result = parsePlatformWebhook(input);
  assert.ok(result.success, result.success ? '' : result.error);
  return result.items;
}

test('parses a failed status with its error, ignoring extra fields', () => {
  const [item, ...rest] = items(
    envelope({
      messaging_product: 'whatsapp',
      metadata,
      statuses: [
        {
          id: 'wamid.A',
          status: 'failed',
          timestamp: '1750030073',
          recipient_id: '16505551234',
          biz_opaque_callback_data: 'ref-1',
          pricing: { billable: false },
          new_platform_field: true,
          errors: [{ code: 131047, title: 'Re-engagement message', error_data: { details: 'More than 24 hours' } }],
        },
      ],
    }),
  );
  assert.equal(rest.length, 0);
  assert.deepEqual(item, {
    kind: 'status',
    wabaId: 'WABA1',
    phoneId: 'PHONE1',
    wamid: 'wamid.A',
    status: 'failed',
    timestamp: new Date(1750030073 * 1000),
    recipientId: '16505551234',
    bizOpaqueCallbackData: 'ref-1',
    error: { code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', details: 'More than 24 hours' },
  });
});

test('parses an inbound text with the profile name and E.164 sender', () => {
  const [item] = items(
    envelope({
      metadata,
      contacts: [{ profile: { name: 'Sheena' }, wa_id: '16505551234' }],
      messages: [{ from: '16505551234', id: 'wamid.B', timestamp: '1749416383', type: 'text', text: { body: 'Hi' } }],
    }),
  );
  assert.deepEqual(item, {
    kind: 'message',
    wabaId: 'WABA1',
    phoneId: 'PHONE1',
    from: '+16505551234',
    wamid: 'wamid.B',
    timestamp: new Date(1749416383 * 1000),
    type: 'text',
    profileName: 'Sheena',
    text: 'Hi',
  });
});

test('parses a quick-reply tap, an image, and passes other fields through', () => {
  const [tap, image] = items(
    envelope({
      metadata,
      messages: [
        {
          from: '16505551234',
          id: 'wamid.C',
          timestamp: '1',
          type: 'button',
          button: { payload: 'YES', text: 'Yes' },
          context: { from: '15550100001', id: 'wamid.T' },
        },
        {
          from: '16505551234',
          id: 'wamid.D',
          timestamp: '2',
          type: 'image',
          image: { id: 'M1', mime_type: 'image/jpeg', sha256: 'abc', caption: 'look' },
        },
      ],
    }),
  );
  assert.equal(tap?.kind === 'message' && tap.contextWamid, 'wamid.T');
  assert.deepEqual(tap?.kind === 'message' && tap.button, { payload: 'YES', text: 'Yes' });
  assert.deepEqual(image?.kind === 'message' && image.media, { id: 'M1', mimeType: 'image/jpeg', sha256: 'abc', caption: 'look' });

  const [template] = items(
    envelope(
      {
        event: 'APPROVED',
        message_template_id: 710000000000001,
        message_template_name: 'order_update',
        message_template_language: 'en',
        reason: 'NONE',
      },
      'message_template_status_update',
    ),
  );
  assert.equal(template?.kind === 'template_status' && template.templateId, '710000000000001');
  const [other] = items(envelope({ anything: 1 }, 'account_alerts'));
  assert.deepEqual(other, { kind: 'other', wabaId: 'WABA1', field: 'account_alerts', value: { anything: 1 } });
});

test('parses account updates: a partner event names its business account in waba_info, others by the entry', () => {
  const partner = items(envelope({ event: 'PARTNER_APP_UNINSTALLED', waba_info: { waba_id: 104996, owner_business_id: '9' } }, 'account_update'));
  assert.deepEqual(partner, [{ kind: 'account_update', wabaId: '104996', event: 'PARTNER_APP_UNINSTALLED' }]);
  const disabled = items(envelope({ event: 'DISABLED_UPDATE', ban_info: { waba_ban_state: ['DISABLE'] } }, 'account_update'));
  assert.deepEqual(disabled, [{ kind: 'account_update', wabaId: 'WABA1', event: 'DISABLED_UPDATE' }]);
});

test('a message without a sender or time is reported alone (inbound-kinds.test.ts: its siblings go on)', () => {
  const [item, ...rest] = items(envelope({ metadata, messages: [{ from: 'me', id: 'w', timestamp: 'soon', type: 'text' }] }));
  assert.equal(rest.length, 0);
  assert.equal(item?.kind, 'unreadable_message');
  assert.match(item?.kind === 'unreadable_message' ? item.error : '', /^from: .*; timestamp: /);
});

test('rejects garbage', () => {
  for (const input of [
    null,
    'x',
    {},
    { object: 'page', entry: [] },
    envelope({ statuses: [] }),
    envelope({ metadata, statuses: [{ id: 'w', status: 'exploded', timestamp: '1', recipient_id: '1' }] }),
    envelope({ event: 'APPROVED' }, 'message_template_status_update'),
  ]) {
    assert.equal(parsePlatformWebhook(input).success, false, JSON.stringify(input));
  }
});
