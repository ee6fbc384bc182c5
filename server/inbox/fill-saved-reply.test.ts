import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillSavedReply } from './fill-saved-reply';

const wendy = { name: 'Wendy  Open', phoneNumber: '+15550001001' };
const nameless = { name: null, phoneNumber: '+15550001002' };

test("variables take the contact's values", () => {
  assert.equal(
    fillSavedReply('Hi {{first_name}} ({{ name }}), we will call {{phone}}.', wendy),
    'Hi Wendy (Wendy  Open), we will call +15550001001.',
  );
});

test('a missing value takes the fallback, or nothing', () => {
  assert.equal(fillSavedReply('Hi {{first_name|there}}!', nameless), 'Hi there!');
  assert.equal(fillSavedReply('Hi {{first_name}}!', nameless), 'Hi !');
  assert.equal(fillSavedReply('Hi {{first_name|there}}!', wendy), 'Hi Wendy!');
});

test('unknown variables and Arabic text stay as written', () => {
  assert.equal(fillSavedReply('مرحبا {{first_name}} {{order_id}}', { name: 'سارة علي', phoneNumber: '+9665' }), 'مرحبا سارة {{order_id}}');
});
