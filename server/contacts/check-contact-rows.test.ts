import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkContactRows, mapContactColumns } from './check-contact-rows';
import { parseSheet } from './contact-sheet';

const csv = [
  'Phone Number,Full name,Tags',
  '+1 415 555 2671,Ada,vip; wholesale',
  'hello,Bad,',
  '+14155552671,Ada again,',
  `+442071838750,${'x'.repeat(201)},`,
  `+442071838751,Long tags,${'t'.repeat(51)}`,
  '+442071838752,,',
].join('\n');

test('columns are matched by name', () => {
  assert.deepEqual(mapContactColumns(['Phone Number', 'Full name', 'Tags']), { phone: 'Phone Number', name: 'Full name', tags: 'Tags' });
  assert.deepEqual(mapContactColumns(['mobile']), { phone: 'mobile', name: '', tags: '' });
});

test('every row is checked before anything is saved: numbers as for campaigns, names and tags as contact fields, duplicates once', () => {
  const sheet = parseSheet(csv);
  const checked = checkContactRows(sheet, mapContactColumns(sheet.columns));
  assert.deepEqual(checked.valid, [{ phone: '+14155552671', name: 'Ada', tags: ['vip', 'wholesale'] }, { phone: '+442071838752' }]);
  assert.deepEqual(checked.invalid, [
    { line: 3, reason: { kind: 'notPhone', value: 'hello' } },
    { line: 5, reason: { kind: 'longName' } },
    { line: 6, reason: { kind: 'badTags', value: 't'.repeat(51) } },
  ]);
  assert.equal(checked.duplicates, 1);
});

test('pasted numbers, one per line, count lines from the first', () => {
  const sheet = parseSheet('+14155552671\n12345');
  assert.deepEqual(checkContactRows(sheet, mapContactColumns(sheet.columns)).invalid, [
    { line: 2, reason: { kind: 'notPhone', value: '12345' } },
  ]);
});
