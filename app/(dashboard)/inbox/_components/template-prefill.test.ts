import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prefillVariables } from './template-prefill';

test('variables named after what the customer record holds are filled; others are left', () => {
  const customer = { name: 'Wendy Open', phoneNumber: '+15550001001' };
  assert.deepEqual(prefillVariables(['customer_name', 'order_id', 'First_Name', 'phone'], customer), {
    customer_name: 'Wendy Open',
    First_Name: 'Wendy',
    phone: '+15550001001',
  });
  assert.deepEqual(prefillVariables(['name', '1'], { name: null, phoneNumber: '+1555' }), {});
});
