import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentedEcho, documentedInboundKinds, documentedSystemMessage } from '@/tests/fixtures/platform-inbound-kinds';
import { kindContent } from './inbound-kinds';
import { parsePlatformWebhook, type PlatformWebhookItem } from './webhook-payload';

const metadata = { display_phone_number: '15550783881', phone_number_id: 'PHONE1' };
const envelope = (value: Record<string, unknown>, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA1', changes: [{ field, value }] }],
});
const inbound = (messages: Record<string, unknown>[]) =>
  envelope({
    messaging_product: 'whatsapp',
    metadata,
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
    messages: messages.map((m, i) => ({ from: '16505551234', id: `wamid.${i}`, timestamp: '1749416383', ...m })),
  });

function items(input: unknown): PlatformWebhookItem[] {
  const result = parsePlatformWebhook(input);
  assert.ok(result.success, result.success ? '' : result.error);
  return result.items;
}

function message(example: Record<string, unknown>) {
  const [item] = items(inbound([example]));
  assert.equal(item?.kind, 'message');
  return item as Extract<PlatformWebhookItem, { kind: 'message' }>;
}

test('location: coordinates, name, address and url; content its name and address', () => {
  const item = message(documentedInboundKinds.location);
  assert.deepEqual(item.kindData, {
    location: {
      latitude: 37.483307,
      longitude: -122.148981,
      name: 'Main Street Beach',
      address: '1 Hacker Way, Menlo Park, CA 94025',
      url: 'https://example.com',
    },
  });
  assert.equal(kindContent(item.kindData!), 'Main Street Beach, 1 Hacker Way, Menlo Park, CA 94025');
  // A pin without a name reads as its coordinates.
  const pin = message({ type: 'location', location: { latitude: 1.5, longitude: -2 } });
  assert.equal(kindContent(pin.kindData!), '1.5, -2');
});

test('contacts: each card its name, numbers and emails; content the names and first numbers', () => {
  const item = message(documentedInboundKinds.contacts);
  assert.deepEqual(item.kindData, {
    contacts: [{ name: 'John Smith', phones: ['+1 (940) 555-1234', '+1 (650) 555-1234'], emails: ['test@fb.com'] }],
  });
  assert.equal(kindContent(item.kindData!), 'John Smith +1 (940) 555-1234');
  const sparse = message({ type: 'contacts', contacts: [{ phones: [{ wa_id: '441234' }] }, { name: { first_name: 'Ann' } }] });
  assert.deepEqual(sparse.kindData?.contacts, [
    { name: '+441234', phones: ['+441234'], emails: [] },
    { name: 'Ann', phones: [], emails: [] },
  ]);
});

test('sticker: its media and whether it is animated', () => {
  const item = message(documentedInboundKinds.sticker);
  assert.deepEqual(item.media, { id: 'STICKER_MEDIA_ID', mimeType: 'image/webp', sha256: 'a1b2c3' });
  assert.deepEqual(item.kindData, { sticker: { animated: false } });
});

test('button and list replies keep their id; the reply quotes the interactive message', () => {
  const button = message(documentedInboundKinds.button_reply);
  assert.deepEqual(button.kindData?.reply, { kind: 'button', id: 'track-order', title: 'Track my order', description: null, response: null });
  assert.equal(button.contextWamid, 'wamid.CONTEXT_BUTTON');
  assert.equal(kindContent(button.kindData!), 'Track my order');
  const list = message(documentedInboundKinds.list_reply);
  assert.deepEqual(list.kindData?.reply, {
    kind: 'list',
    id: 'priority_express',
    title: 'Express',
    description: 'Next day to 2 days',
    response: null,
  });
});

test('a Flow reply: its answers decoded without the flow token, content a summary', () => {
  const item = message(documentedInboundKinds.nfm_reply);
  assert.deepEqual(item.kindData?.reply, {
    kind: 'flow',
    id: null,
    title: 'Sent',
    description: null,
    response: { appointment_date: '2026-12-01', party_size: '2' },
  });
  assert.equal(kindContent(item.kindData!), 'Form answers: appointment_date: 2026-12-01, party_size: 2');
});

test('order: catalog, items and note; content the item count and total', () => {
  const item = message(documentedInboundKinds.order);
  assert.deepEqual(item.kindData?.order, {
    catalog_id: 'CATALOG_ID',
    text: 'Please deliver after 5pm',
    items: [
      { product_retailer_id: 'SKU-BLUE-MUG', quantity: 2, item_price: 7.99, currency: 'USD' },
      { product_retailer_id: 'SKU-TEA', quantity: 1, item_price: 4.5, currency: 'USD' },
    ],
  });
  assert.equal(kindContent(item.kindData!), 'Order: 3 items, 20.48 USD');
});

test('unsupported: the platform type, code and title; kinds nobody knows are unsupported too', () => {
  const item = message(documentedInboundKinds.unsupported);
  assert.deepEqual(item.kindData, { unsupported: { platform_type: 'poll', code: 131051, title: 'Message type unknown' } });
  assert.equal(kindContent(item.kindData!), '[unsupported message]');
  const future = message({ type: 'hologram', hologram: { depth: 3 } });
  assert.deepEqual(future.kindData, { unsupported: { platform_type: 'hologram', code: null, title: null } });
});

test('system: a changed number is a system item, not a customer message; legacy names parse too', () => {
  const [item] = items(
    envelope({ metadata, messages: [{ from: '16505551234', id: 'wamid.S', timestamp: '1749416383', ...documentedSystemMessage }] }),
  );
  assert.deepEqual(item, {
    kind: 'system_message',
    wabaId: 'WABA1',
    phoneId: 'PHONE1',
    from: '+16505551234',
    wamid: 'wamid.S',
    timestamp: new Date(1749416383 * 1000),
    system: {
      type: 'user_changed_number',
      body: 'User Sheena Nelson changed from 16505551234 to 12195555358',
      wa_id: '12195555358',
      user_id: null,
    },
  });
  const [legacy] = items(
    envelope({
      metadata,
      messages: [
        {
          from: '16505551234',
          id: 'wamid.L',
          timestamp: '1',
          type: 'system',
          system: { type: 'customer_changed_number', new_wa_id: '12195555358' },
        },
      ],
    }),
  );
  assert.equal(legacy?.kind === 'system_message' && legacy.system.wa_id, '12195555358');
});

test('smb_message_echoes: an echo to the customer with its text', () => {
  const [item] = items(envelope(documentedEcho('PHONE1', '15550783881', '16505551234', 'wamid.E', '1749416390'), 'smb_message_echoes'));
  assert.deepEqual(item, {
    kind: 'echo',
    wabaId: 'WABA1',
    phoneId: 'PHONE1',
    to: '+16505551234',
    wamid: 'wamid.E',
    timestamp: new Date(1749416390 * 1000),
    type: 'text',
    text: 'Hi, this is Ada from the shop phone.',
  });
});

test('a reaction is its own item for the reactions service (an omitted or empty emoji removes it)', () => {
  const [added, removed] = items(
    inbound([
      { type: 'reaction', reaction: { message_id: 'wamid.T', emoji: '👍' } },
      { type: 'reaction', reaction: { message_id: 'wamid.T' } },
    ]),
  );
  assert.equal(added?.kind === 'reaction' && added.emoji, '👍');
  assert.equal(removed?.kind === 'reaction' && removed.emoji, null);
});

test('leniency: an odd message never refuses its siblings, and an unreadable kind is stored as unsupported', () => {
  const all = items(
    inbound([
      { type: 'text', text: { body: 'first' } },
      { type: 'location', location: { latitude: 'north' } },
      { type: 'image', image: { caption: 'no id' } },
      { type: 'text', text: { body: 'last' }, brand_new_field: { x: 1 } },
    ]),
  );
  assert.deepEqual(
    all.map((i) => (i.kind === 'message' ? [i.type, i.text ?? null, i.kindData?.unsupported?.platform_type ?? null] : [i.kind])),
    [
      ['text', 'first', null],
      ['location', null, 'location'],
      ['unsupported', null, 'image'],
      ['text', 'last', null],
    ],
  );
  const withBroken = inbound([{ type: 'text', text: { body: 'kept' } }]);
  (withBroken.entry[0]!.changes[0]!.value.messages as unknown[]).push({ id: 'no sender or time' });
  assert.deepEqual(
    items(withBroken).map((i) => i.kind),
    ['message', 'unreadable_message'],
  );
});
