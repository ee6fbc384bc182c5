import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attemptJobs, deliveriesPerJob, receiverOf, type DueAttempt } from './attempt-jobs';

const due = (receiver: string, count: number, runAt: Date | null = null, attempt = 1): DueAttempt[] =>
  Array.from({ length: count }, (_, i) => ({ deliveryId: `dlv_${receiver}_${attempt}_${i}`, receiver, attempt, runAt }));

test('a job holds deliveries to one receiver due at one time, a bounded number of them', () => {
  const later = new Date('2030-01-01T00:00:05Z');
  const jobs = attemptJobs([...due('wh_a', deliveriesPerJob + 1), ...due('wh_b', 2), ...due('wh_a', 1, later, 2)]);
  assert.deepEqual(
    jobs.map((j) => [j.data.receiver, j.data.deliveryIds.length, j.runAt?.toISOString() ?? null]),
    [
      ['wh_a', deliveriesPerJob, null],
      ['wh_a', 1, null],
      ['wh_b', 2, null],
      ['wh_a', 1, later.toISOString()],
    ],
  );
  assert.equal(new Set(jobs.flatMap((j) => j.data.deliveryIds)).size, deliveriesPerJob + 4);
});

test('a job is named after its first delivery and the attempt due for it', () => {
  const [first] = attemptJobs(due('wh_a', 3, null, 4));
  assert.equal(first?.jobId, 'deliveries.attempt-dlv_wh_a_4_0-4');
  assert.ok(!first?.jobId.includes(':'), 'BullMQ job ids may not contain a colon');
});

test('the receiver is the webhook or agent endpoint, or for a callback URL its host', () => {
  assert.equal(receiverOf({ webhookId: 'wh_1', targetUrl: null }), 'wh_1');
  assert.equal(receiverOf({ webhookId: null, targetUrl: null, agentEndpointId: 'whe_1' }), 'whe_1');
  assert.equal(receiverOf({ webhookId: null, targetUrl: 'https://crm.example.com:8443/taps?x=1' }), 'crm.example.com:8443');
});
