import { z } from 'zod';
import { timestamp } from './common';

/** Sessions, their messages, runs and handoffs as their presenters show them (API reference, /agent/docs). */
const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const sessionResponse = z.strictObject({
  id: z.string(),
  object: z.literal('session'),
  agent: z.string(),
  external_id: z.string().nullable(),
  end_user: z.string().nullable(),
  channel: z.enum(['api', 'playground', 'widget', 'whatsapp']),
  version: z
    .union([z.enum(['published', 'draft']), z.number().int()])
    .describe('What answers: the published version, the draft, or a pinned number.'),
  concurrency: z.enum(['reject', 'queue']),
  variables: z.record(z.string(), scalar),
  metadata: z.record(z.string(), z.union([scalar, z.null()])),
  status: z.enum(['open', 'closed']),
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullable(),
});

export const messageResponse = z.strictObject({
  id: z.string(),
  object: z.literal('message'),
  session: z.string(),
  role: z.enum(['user', 'assistant', 'staff', 'tool', 'note']),
  text: z.string().optional().describe('Every role but `tool`, whose result is `output`.'),
  run: z.string().nullable(),
  client_message_id: z.string().nullable(),
  author: z.string().nullable().describe('The member who wrote a staff message.'),
  call_id: z.string().nullish().describe('`tool` messages: the call this is the result of.'),
  name: z.string().nullish().describe('`tool` messages: the tool called.'),
  output: z.string().nullish().describe('`tool` messages: the result as the model saw it, secrets redacted.'),
  created_at: timestamp,
});

const toolCall = z.strictObject({ call_id: z.string(), name: z.string(), arguments: z.string().describe('JSON text.') });

export const requiredActionResponse = z.strictObject({
  type: z.literal('submit_tool_outputs'),
  tool_calls: z.array(toolCall),
  expires_at: timestamp,
});

export const runResponse = z.strictObject({
  id: z.string(),
  object: z.literal('run'),
  agent: z.string(),
  agent_version: z.number().int(),
  session: z.string().nullable().describe('Null for a run of `ask` or chat completions without a session.'),
  status: z.enum(['queued', 'in_progress', 'requires_action', 'completed', 'failed', 'cancelled']),
  queue_position: z.number().int().optional().describe('`queued` runs: how many runs are ahead.'),
  required_action: requiredActionResponse.optional().describe('`requires_action` runs: the client tools to run.'),
  outcome: z.enum(['replied', 'handed_off']).nullable(),
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable().describe('`failed` runs: why.'),
  model: z.string(),
  attempts: z.array(z.strictObject({ model: z.string(), code: z.string() })).describe('Models tried before the one that answered.'),
  usage: z.strictObject({ input_tokens: z.number().int(), output_tokens: z.number().int(), cost_micros: z.number().int() }),
  input_message: z.string().nullable(),
  reply_message: z.string().nullable(),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
});

export const handoffResponse = z.strictObject({
  id: z.string(),
  object: z.literal('handoff'),
  session: z.string(),
  status: z.enum(['open', 'assigned', 'released', 'resolved', 'expired']),
  assignee: z.string().nullable(),
  reason: z.string(),
  summary: z.string().nullable(),
  opened_by: z.string().describe('What opened it: the model, a never-handle topic, staff, the API.'),
  run: z.string().nullable(),
  note: z.string().nullable(),
  resolution_note: z.string().nullable(),
  opened_at: timestamp,
  assigned_at: timestamp.nullable(),
  expires_at: timestamp,
  ended_at: timestamp.nullable(),
});

export const sessionMessageResult = z.strictObject({
  object: z.literal('session.message_result'),
  message: messageResponse,
  run: runResponse.nullable().describe('Null while staff have the session: the message waits for them.'),
  reply: messageResponse.optional().describe('The reply, once the run wrote it within `wait_ms`.'),
  handoff: handoffResponse.optional().describe('The handoff that has the session, when `run` is null.'),
});

export const askResponse = z.strictObject({
  id: z.string(),
  object: z.literal('ask'),
  run: runResponse,
  output_text: z.string(),
  required_action: requiredActionResponse.optional(),
});
