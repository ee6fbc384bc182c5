import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveVariables } from '@/server/campaigns/variable-sources';
import { autoMap, checkRecipients, parseSheet, withContactCheck } from './parse-recipients';
import { toSources } from './variable-source-picker';

const sheet = parseSheet('phone,first_name\n+15550100001,Ann\n+15550100002,\n+15550100003,Cy\n');

test('a fixed value or a contact field is not read from a column; a fixed value left empty refuses every row', () => {
  const mapping = autoMap(sheet.columns, ['first_name', '2', '3']);
  assert.deepEqual(mapping.variables, { first_name: { kind: 'column', column: 'first_name' } });
  mapping.variables['2'] = { kind: 'fixed', value: '20%' };
  mapping.variables['3'] = { kind: 'contact', field: 'name' };
  const checked = checkRecipients(sheet, mapping, ['first_name', '2', '3']);
  assert.deepEqual(
    checked.valid.map((r) => [r.line, r.to, r.parameters]),
    [
      [2, '+15550100001', { first_name: 'Ann' }],
      [4, '+15550100003', { first_name: 'Cy' }],
    ],
  );
  assert.deepEqual(checked.invalid, [{ line: 3, reason: { kind: 'emptyColumn', column: 'first_name', variable: 'first_name' } }]);
  assert.deepEqual(toSources(mapping.variables), { '2': { kind: 'fixed', value: '20%' }, '3': { kind: 'contact', field: 'name' } });

  mapping.variables['2'] = { kind: 'fixed', value: '  ' };
  assert.equal(checkRecipients(sheet, mapping, ['first_name', '2', '3']).invalid.length, 3);
  // A new file keeps the fixed and contact-field choices, and maps columns afresh.
  assert.deepEqual(autoMap(['phone', 'First Name'], ['first_name', '3'], mapping.variables).variables, {
    first_name: { kind: 'column', column: 'First Name' },
    '3': { kind: 'contact', field: 'name' },
  });
});

test('rows whose contact field the server found empty move to the invalid ones, in line order', () => {
  const mapping = { phone: 'phone', variables: { first_name: { kind: 'contact' as const, field: 'name' as const } } };
  const checked = checkRecipients(sheet, mapping, ['first_name']);
  assert.equal(checked.valid.length, 3);
  const moved = withContactCheck(checked, [{ index: 1, variable: 'first_name', field: 'name' }]);
  assert.deepEqual(
    moved.valid.map((r) => r.line),
    [2, 4],
  );
  assert.deepEqual(moved.invalid, [{ line: 3, reason: { kind: 'emptyContactField', field: 'name', variable: 'first_name' } }]);
});

test('the server fills fixed values and contact fields over the row values, and names the first empty contact field', () => {
  const sources = { '1': { kind: 'contact' as const, field: 'name' as const }, '2': { kind: 'fixed' as const, value: '5%' } };
  assert.deepEqual(resolveVariables(sources, { '2': 'csv', x: 'kept' }, { name: ' Ann ', phone: '+1555' }), {
    parameters: { '1': 'Ann', '2': '5%', x: 'kept' },
  });
  assert.deepEqual(resolveVariables(sources, {}, { name: null, phone: '+1555' }), { missing: { variable: '1', field: 'name' } });
  assert.deepEqual(resolveVariables({ p: { kind: 'contact', field: 'phone' } }, {}, { name: null, phone: '+1555' }), {
    parameters: { p: '+1555' },
  });
});
