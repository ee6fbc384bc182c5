import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readKindData } from '@/server/platform/inbound-kinds';
import { documentedInboundKinds } from '@/tests/fixtures/platform-inbound-kinds';
import { inboundText } from './agent-inbound.job';

test('the agent reads each kind as text with what it needs to act', () => {
  const text = (kindData: Parameters<typeof inboundText>[0]['kindData'], type = 'text') => inboundText({ type, content: 'ignored', kindData });
  assert.equal(
    text({ location: { latitude: 37.48, longitude: -122.14, name: 'Main Street Beach', address: '1 Hacker Way', url: null } }),
    '[location] 37.48, -122.14 (Main Street Beach, 1 Hacker Way)',
  );
  assert.equal(
    text({ reply: { kind: 'button', id: 'track-order', title: 'Track my order', description: null, response: null } }),
    '[tapped button] Track my order (id: track-order)',
  );
  assert.equal(
    text({ reply: { kind: 'list', id: 'express', title: 'Express', description: 'Next day', response: null } }),
    '[tapped list item] Express - Next day (id: express)',
  );
  assert.equal(
    text({ reply: { kind: 'flow', id: null, title: 'Sent', description: null, response: { date: '2026-12-01' } } }),
    '[form answers] {"date":"2026-12-01"}',
  );
  assert.equal(
    text({ contacts: [{ name: 'John Smith', phones: ['+1 940 555 1234'], emails: ['john@example.com'] }] }),
    '[contact cards] John Smith, +1 940 555 1234, john@example.com',
  );
  // The platform's documented order example, as the parser reads it.
  assert.equal(
    text(readKindData('order', documentedInboundKinds.order)),
    '[order] 2 x SKU-BLUE-MUG at 7.99 USD; 1 x SKU-TEA at 4.5 USD; total 20.48 USD. Please deliver after 5pm',
  );
  assert.equal(text({ sticker: { animated: false } }, 'image'), '[sticker]');
  assert.equal(text({ unsupported: { platform_type: 'poll', code: 131051, title: null } }), '[unsupported message: poll]');
  // Text and media read as before.
  assert.equal(inboundText({ type: 'text', content: ' hi ' }), 'hi');
  assert.equal(inboundText({ type: 'image', content: 'look' }), '[image] look');
});
