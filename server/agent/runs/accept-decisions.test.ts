import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import type { AgentMessage, AgentRun } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { isReplay, placeRun, reopensSession, SESSION_QUEUE_LIMIT, staffOrRun } from './accept-decisions';
import type { SessionLoad } from './accept-statements';

const refusal = (decide: () => unknown) => {
  try {
    decide();
    return null;
  } catch (error) {
    assert.ok(error instanceof AgentError, String(error));
    return { code: error.code, headers: error.headers };
  }
};

test('a closed session is reopened by a message, or refused with session_closed when the caller asks', () => {
  assert.equal(reopensSession('open', 'error'), false);
  assert.equal(reopensSession('closed', 'reopen'), true);
  assert.equal(refusal(() => reopensSession('closed', 'error'))?.code, 'session_closed');
});

test('a resent client_message_id replays its answer, runs again after a failure, and conflicts with other text', () => {
  const message = { text: 'Where is my order?' } as AgentMessage;
  const run = (status: string) => ({ status }) as AgentRun;
  assert.equal(isReplay(message, 'Where is my order?', run('completed')), true);
  assert.equal(isReplay(message, 'Where is my order?', run('queued')), true);
  assert.equal(isReplay(message, 'Where is my order?', run('failed')), false);
  assert.equal(isReplay(message, 'Where is my order?', null), false);
  assert.equal(refusal(() => isReplay(message, 'Something else', run('completed')))?.code, 'client_message_id_conflict');
});

test('staff answer while a handoff is active; a never-handle topic opens one; ask is refused and opens none', () => {
  const config = agentConfigSchema.parse({ model: { id: 'sim/steady' }, handoff: { never_handle: ['Refund'] } });
  const handoff = { id: 'ho_1' };
  assert.deepEqual(staffOrRun(handoff, 'store', config, 'hello'), { answer: 'store', handoff });
  assert.equal(refusal(() => staffOrRun(handoff, 'refuse', config, 'hello'))?.code, 'handoff_already_open');
  assert.deepEqual(staffOrRun(null, 'store', config, 'I want a ＲＥＦＵＮＤ now'), { answer: 'open_handoff', topic: 'Refund' });
  assert.deepEqual(staffOrRun(null, 'refuse', config, 'I want a refund'), { answer: 'run' });
  assert.deepEqual(staffOrRun(null, undefined, config, 'hello'), { answer: 'run' });
});

const load = (fields: Partial<SessionLoad>): SessionLoad => ({
  active: 0,
  waiting: 0,
  ranThisMonth: true,
  ranToday: true,
  typicalS: null,
  elapsedS: null,
  ...fields,
});

test('an idle session answers now; a channel run waits its coalescing delay queued', () => {
  assert.deepEqual(placeRun(load({}), 'queue', undefined), { busy: false, coalescing: false, queued: false, queuePosition: undefined });
  assert.deepEqual(placeRun(load({}), 'reject', 2000), { busy: false, coalescing: true, queued: true, queuePosition: 1 });
  assert.deepEqual(placeRun(load({}), 'queue', 0), { busy: false, coalescing: false, queued: false, queuePosition: undefined });
});

test('a busy session queues behind the others, refuses the eleventh waiting, and a reject session says when to retry', () => {
  assert.deepEqual(placeRun(load({ active: 1, waiting: 2 }), 'queue', 2000), { busy: true, coalescing: false, queued: true, queuePosition: 3 });
  assert.equal(refusal(() => placeRun(load({ waiting: SESSION_QUEUE_LIMIT }), 'queue', undefined))?.code, 'session_queue_full');
  assert.deepEqual(
    refusal(() => placeRun(load({ active: 1, typicalS: 8, elapsedS: 2.5 }), 'reject', undefined)),
    {
      code: 'session_busy',
      headers: { 'Retry-After': '6' },
    },
  );
  assert.equal(refusal(() => placeRun(load({ active: 1, typicalS: 1, elapsedS: 9 }), 'reject', undefined))?.headers?.['Retry-After'], '1');
  assert.equal(refusal(() => placeRun(load({ active: 1 }), 'reject', undefined))?.headers?.['Retry-After'], '5');
});
