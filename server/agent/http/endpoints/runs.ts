import { z } from 'zod';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import { providerErrorCodes } from '@/server/agent/providers/provider-failure';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf } from '../responses/common';
import { askResponse, messageResponse, runResponse, sessionMessageResult } from '../responses/conversations';

const sessionParams = z.object({ session: z.string().min(1).max(128).describe('The session: its `sess_…` id or your `external_id`.') });
const runParams = z.object({
  run: z
    .string()
    .regex(/^run_[0-9A-Za-z]{22}$/, 'a run_ id')
    .describe('The run: its `run_…` id.'),
});
const variableValue = z.union([z.string().max(10_000), z.number(), z.boolean()]);
const afterQuery = z.object({
  after: z.string().max(40).optional().describe('Resume after this event id (as `Last-Event-ID` does; the header wins).'),
});

const messageErrors: AgentErrorCode[] = [
  'session_not_found',
  'input_too_large',
  'unsupported_content_type',
  'system_message_not_allowed',
  'tools_not_allowed_with_session',
  'variable_missing',
  'variable_unknown',
  'override_not_allowed',
  'unknown_model',
  'model_not_allowed_on_plan',
  'model_not_configured',
  'client_message_id_conflict',
  'session_busy',
  'session_queue_full',
  'session_closed',
  'agent_archived',
  'agent_not_ready',
  'quota_exceeded',
  'playground_limit_reached',
  'anonymous_limit_reached',
];

export const postSessionMessageEndpoint = defineEndpoint({
  operationId: 'createSessionMessage',
  method: 'POST',
  path: '/v1/sessions/{session}/messages',
  direct: true,
  tag: 'Runs',
  summary: 'Send a message to a session',
  description:
    'Stores the user message and starts a run to answer it, in the worker: `in_progress` when the session is idle; when it is answering ' +
    'another message, `concurrency: reject` sessions answer 409 `session_busy` (Retry-After: the usual time left) and `queue` sessions queue ' +
    'the run (`queued`, `queue_position`; the 11th waiting message is 409 `session_queue_full`), answered strictly in order. ' +
    '`client_message_id` (yours, unique in the session) makes a resend safe: the same content returns the first message and its run ' +
    '(a failed run is run again); other content is 409 `client_message_id_conflict`. A closed session reopens unless `if_closed: error`. ' +
    'Variables: this message, then the session, then defaults; secret ones only here (never stored, logged or put in a prompt). ' +
    'Provider failures and a reached cost cap are the run’s `error` (`run.failed`), never an HTTP error. ' +
    'With `stream: true` the answer is the run’s event stream, ending with its terminal event or `run.requires_action`. Otherwise ' +
    '`{message, run, reply?}` at once (the run as accepted: `in_progress` or `queued`), or once the run ended or paused if that is ' +
    'within `wait_ms` (0–60000, default 0). ' +
    'While staff have the session (a handoff `open` or `assigned`, or the message names one of the agent’s `handoff.never_handle` topics, ' +
    'which opens one) the message is stored for them and no run starts: `{message, run: null, handoff}`, as JSON even with `stream: true`. ' +
    'With a client token: only that end user’s sessions (another’s is 404 `session_not_found`), input up to 4,000 characters, no ' +
    '`overrides` and only the variables the agent marks `browser_settable` (anything else is 403 `principal_not_allowed` naming the ' +
    'field; a value the session holds wins over the browser’s), and an ' +
    'anonymous visitor’s messages capped (20 per 10 minutes per address, 50 per session: 429 `anonymous_limit_reached` with Retry-After). ' +
    'Its streams end with an `error` event `token_expired` when the token expires: refresh it and reconnect with `Last-Event-ID`. ' +
    'A session’s tools are the agent’s: `tools` is 400 `tools_not_allowed_with_session`. With an `Idempotency-Key`, a repeat gets the ' +
    'first answer (409 `idempotency_in_progress` while it is still being made); the first answer of a stream is replayed as ' +
    '`{message, run}` as accepted, whose events `GET /v1/runs/{run}/events` gives.',
  idempotent: true,
  access: 'project',
  endUsers: true,
  permission: 'runs:write',
  params: sessionParams,
  body: z.strictObject({
    input: z
      .unknown()
      .refine((value) => value !== undefined, 'input is required')
      .describe('A string or `[{type: "text", text}]`.'),
    client_message_id: z.string().min(1).max(128).optional(),
    stream: z.boolean().default(false),
    wait_ms: z.number().int().min(0).max(60_000).default(0),
    variables: z.record(z.string(), variableValue).optional(),
    overrides: z.record(z.string(), z.unknown()).optional(),
    if_closed: z.enum(['reopen', 'error']).default('reopen'),
    tools: z.unknown().optional().describe('Not taken: client tools come from the agent’s configuration.'),
  }),
  response: {
    status: 200,
    description: '`{object: "session.message_result", message, run, reply?}`, or an event stream.',
    stream: true,
    schema: sessionMessageResult,
  },
  errors: messageErrors,
});

export const listSessionMessagesEndpoint = defineEndpoint({
  operationId: 'listSessionMessages',
  method: 'GET',
  path: '/v1/sessions/{session}/messages',
  direct: true,
  tag: 'Runs',
  summary: "List a session's messages",
  description:
    'Newest first. Roles: `user`, `assistant`, `staff`, `tool`, `note`. A `tool` message is one tool call’s result, in the order ' +
    'they happened: `call_id`, the tool’s `name` and the `output` the model read (neutral codes such as `too_many_calls`, ' +
    '`handed_off`, `ticket_already_open`, `upstream_failed`, `unreadable` included, secrets redacted) instead of `text`; ' +
    'client tools’ outputs submitted with `tool_outputs` too.',
  access: 'project',
  endUsers: true,
  permission: 'sessions:read',
  params: sessionParams,
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of messages.', schema: agentListOf(messageResponse) },
  errors: ['session_not_found', 'invalid_cursor'],
});

export const sessionEventsEndpoint = defineEndpoint({
  operationId: 'streamSessionEvents',
  method: 'GET',
  path: '/v1/sessions/{session}/events',
  direct: true,
  tag: 'Runs',
  summary: "Follow a session's events",
  description:
    'Server-sent events of every run of the session, staff messages and handoff changes; it stays open across runs. Each event’s `id` is ' +
    'its place in the log: reconnect with `Last-Event-ID` (or `?after=`) to get exactly the events after it. `: ping` every 15 s; after ' +
    '300 s an `error` event `stream_timeout` closes it (reconnect to go on).',
  access: 'project',
  endUsers: true,
  permission: 'sessions:read',
  params: sessionParams,
  query: afterQuery,
  response: { status: 200, description: 'An event stream.', stream: true },
  errors: ['session_not_found'],
});

export const listSessionRunsEndpoint = defineEndpoint({
  operationId: 'listSessionRuns',
  method: 'GET',
  path: '/v1/sessions/{session}/runs',
  tag: 'Runs',
  summary: "List a session's runs",
  access: 'project',
  permission: 'runs:read',
  params: sessionParams,
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of runs, newest first.', schema: agentListOf(runResponse) },
  errors: ['session_not_found', 'invalid_cursor'],
});

export const getRunEndpoint = defineEndpoint({
  operationId: 'getRun',
  method: 'GET',
  path: '/v1/runs/{run}',
  tag: 'Runs',
  summary: 'Get a run',
  access: 'project',
  permission: 'runs:read',
  params: runParams,
  response: { status: 200, description: 'The run.', schema: runResponse },
  errors: ['resource_not_found'],
});

export const runEventsEndpoint = defineEndpoint({
  operationId: 'streamRunEvents',
  method: 'GET',
  path: '/v1/runs/{run}/events',
  tag: 'Runs',
  summary: "Follow a run's events",
  description:
    '`run.created`, `run.queued`, `run.in_progress`, `message.delta {text}` (the text that came since the last one: a token, or several when ' +
    'they reached us together), `message.completed`, `tool_call.started|completed` (server tools), ' +
    '`run.requires_action`, then `run.completed|failed|cancelled` with the whole run, and the stream ends. Resume with `Last-Event-ID` or ' +
    '`?after=`: strictly later events, no gap, no duplicate. A run’s log is kept an hour after it ends; later only its terminal event is sent.',
  access: 'project',
  endUsers: true,
  permission: 'runs:read',
  params: runParams,
  query: afterQuery,
  response: { status: 200, description: 'An event stream.', stream: true },
  errors: ['resource_not_found'],
});

export const submitToolOutputsEndpoint = defineEndpoint({
  operationId: 'submitToolOutputs',
  method: 'POST',
  path: '/v1/runs/{run}/tool_outputs',
  tag: 'Runs',
  summary: "Submit client tools' outputs",
  description:
    'One output for every `call_id` of the run’s `required_action`, within its `expires_at` (10 minutes for a session’s run, 24 hours for ' +
    'a run of `POST /v1/ask` or chat completions; later the run fails `tool_outputs_expired`). A session’s run resumes in the worker, ' +
    'and the answer is the run; an ask’s run goes on in this request and answers as the ask did (`{id, object: "ask", run, output_text, ' +
    'required_action?}`, 502 with the provider code when no model answers). With `stream: true` the answer is the run’s event stream from here on. ' +
    'Each `output` is limited as `input` is (4,000 characters with a client token, 32,000 with a secret key): 413 `input_too_large` ' +
    'with `param` `/tool_outputs/<i>/output`.',
  access: 'project',
  endUsers: true,
  permission: 'runs:write',
  params: runParams,
  body: z.strictObject({
    tool_outputs: z
      // An empty list is `tool_outputs_incomplete`, as any list missing a call is (not a shape error).
      .array(
        z.strictObject({
          call_id: z.string().min(1).max(128),
          output: z.string().describe('Counts as input: up to 32,000 characters with a secret key, 4,000 with a client token.'),
        }),
      )
      .max(32),
    stream: z.boolean().default(false),
  }),
  response: {
    status: 200,
    description: 'The run, now `in_progress` (an ask’s run: the ask’s answer), or an event stream.',
    stream: true,
    schema: z.union([runResponse, askResponse]),
  },
  errors: [
    'resource_not_found',
    'input_too_large',
    'run_not_requires_action',
    'tool_outputs_incomplete',
    'agent_archived',
    'agent_not_ready',
    'cost_cap_exceeded',
    ...providerErrorCodes,
  ],
});

export const cancelRunEndpoint = defineEndpoint({
  operationId: 'cancelRun',
  method: 'POST',
  path: '/v1/runs/{run}/cancel',
  tag: 'Runs',
  summary: 'Cancel a run',
  description: 'A run not yet finished becomes `cancelled`; a reply not yet written is discarded and the session’s next queued run starts.',
  access: 'project',
  endUsers: true,
  permission: 'runs:write',
  params: runParams,
  bodyOptional: true,
  body: z.strictObject({}),
  response: { status: 200, description: 'The run, `cancelled`.', schema: runResponse },
  errors: ['resource_not_found', 'run_already_completed'],
});

export const runEndpoints = [
  postSessionMessageEndpoint,
  listSessionMessagesEndpoint,
  sessionEventsEndpoint,
  listSessionRunsEndpoint,
  getRunEndpoint,
  runEventsEndpoint,
  submitToolOutputsEndpoint,
  cancelRunEndpoint,
];
