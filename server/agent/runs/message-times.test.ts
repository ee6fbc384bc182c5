import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextMessageTimes } from './message-times';

test('times given one after another are a millisecond apart at least, and never before now', () => {
  const before = Date.now();
  const times = [...nextMessageTimes(5), ...nextMessageTimes(1), ...nextMessageTimes(3)].map((t) => t.getTime());
  assert.ok(times[0]! >= before);
  for (let i = 1; i < times.length; i++) assert.ok(times[i]! > times[i - 1]!, `time ${i} after time ${i - 1}`);
});
