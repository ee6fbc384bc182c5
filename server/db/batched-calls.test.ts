import assert from 'node:assert/strict';
import { test } from 'node:test';
import { batchedCalls } from './batched-calls';

test('calls made together share one run; each gets the whole output', async () => {
  const runs: number[][] = [];
  const sum = batchedCalls(async (inputs: number[]) => {
    runs.push(inputs);
    return inputs.reduce((a, b) => a + b, 0);
  }, 1);
  assert.deepEqual(await Promise.all([sum(1), sum(2), sum(3)]), [6, 6, 6]);
  assert.deepEqual(runs, [[1, 2, 3]]);
  assert.equal(await sum(5), 5);
});

test('calls made while the runs are busy wait and go together in the next', async () => {
  const runs: string[][] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const echo = batchedCalls(async (inputs: string[]) => {
    runs.push(inputs);
    if (inputs.includes('first')) await gate;
    return inputs;
  }, 1);
  const first = echo('first');
  await new Promise((resolve) => setImmediate(resolve));
  const later = [echo('a'), echo('b')];
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(runs, [['first']]);
  release();
  await Promise.all([first, ...later]);
  assert.deepEqual(runs, [['first'], ['a', 'b']]);
});

test('a failed run is made again call by call, failing only the bad input', async () => {
  const double = batchedCalls(async (inputs: number[]) => {
    if (inputs.includes(-1)) throw new Error('negative');
    return inputs.map((n) => n * 2);
  }, 2);
  const [good, bad] = await Promise.allSettled([double(4), double(-1)]);
  assert.deepEqual(good, { status: 'fulfilled', value: [8] });
  assert.equal(bad?.status, 'rejected');
});
