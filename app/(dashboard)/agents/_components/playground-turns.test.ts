import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyRunEvent, isSettled, newReply, prettyJson, type ReplyTurn } from './playground-turns';

const fold = (events: Array<[string, unknown]>): ReplyTurn =>
  events.reduce((reply, [event, data]) => applyRunEvent(reply, { event, data }), newReply('t'));

test('a run with a tool call: the call runs then completes, the reply grows by deltas, the terminal event brings model and usage', () => {
  const usage = { input_tokens: 12, output_tokens: 7, cost_micros: 30 };
  const midway = fold([
    ['run.created', { id: 'run_1', status: 'in_progress', session: 'sess_1' }],
    ['run.in_progress', { id: 'run_1', status: 'in_progress', model: null }],
    ['tool_call.started', { call_id: 'call_1', name: 'create_ticket', arguments: '{"subject":"Broken"}' }],
  ]);
  assert.equal(midway.runId, 'run_1');
  assert.deepEqual(
    midway.tools.map((c) => [c.name, c.state, c.arguments]),
    [['create_ticket', 'running', '{"subject":"Broken"}']],
  );
  assert.equal(isSettled(midway), false);

  const done = [
    ['tool_call.completed', { call_id: 'call_1', name: 'create_ticket', ok: true, output: { ticket: { id: 'tkt_1' } } }],
    ['message.delta', { text: 'Tool ' }],
    ['message.delta', { text: 'done.' }],
    ['message.completed', { id: 'msg_1', text: 'Tool done.' }],
    ['run.completed', { id: 'run_1', status: 'completed', outcome: 'replied', error: null, model: 'sim/steady', usage }],
  ].reduce((reply, [event, data]) => applyRunEvent(reply, { event: event as string, data }), midway);
  assert.equal(done.text, 'Tool done.');
  assert.equal(done.status, 'completed');
  assert.equal(done.model, 'sim/steady');
  assert.deepEqual(done.usage, usage);
  assert.deepEqual(done.tools[0], {
    callId: 'call_1',
    name: 'create_ticket',
    arguments: '{"subject":"Broken"}',
    state: 'succeeded',
    output: { ticket: { id: 'tkt_1' } },
  });
  assert.equal(isSettled(done), true);
});

test('a failed run keeps its error; a failed tool is failed; a stream fault is an error; client calls wait', () => {
  const failed = fold([
    ['tool_call.completed', { call_id: 'c', name: 'order_status', ok: false, output: { error: { code: 'upstream_failed' } } }],
    [
      'run.failed',
      { id: 'run_2', status: 'failed', error: { code: 'provider_timeout', message: 'Timed out.' }, model: 'sim/steady', usage: null },
    ],
  ]);
  assert.equal(failed.status, 'failed');
  assert.deepEqual(failed.error, { code: 'provider_timeout', message: 'Timed out.' });
  assert.equal(failed.tools[0]?.state, 'failed');
  assert.equal(failed.tools[0]?.arguments, '', 'a call refused before it ran (unknown tool, too many calls) has no started event');

  const fault = fold([['error', { error: { code: 'stream_timeout', message: 'Too long.' } }]]);
  assert.deepEqual(fault.error, { code: 'stream_timeout', message: 'Too long.' });

  const paused = fold([
    [
      'run.requires_action',
      { id: 'run_3', status: 'requires_action', required_action: { tool_calls: [{ call_id: 'k', name: 'open_cart', arguments: '{}' }] } },
    ],
  ]);
  assert.equal(paused.status, 'requires_action');
  assert.equal(paused.tools[0]?.state, 'waiting');
  assert.equal(isSettled(paused), true);
});

test('prettyJson prints JSON texts and values indented and leaves other text as it is', () => {
  assert.equal(prettyJson('{"a":1}'), '{\n  "a": 1\n}');
  assert.equal(prettyJson({ a: [1] }), '{\n  "a": [\n    1\n  ]\n}');
  assert.equal(prettyJson('not json'), 'not json');
});
