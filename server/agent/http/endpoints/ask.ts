import { z } from 'zod';
import { providerErrorCodes } from '@/server/agent/providers/provider-failure';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { askResponse } from '../responses/conversations';

const variableValue = z.union([z.string().max(10_000), z.number(), z.boolean()]);

export const askBody = z.strictObject({
  agent: z.string().min(1).max(100).describe('The agent: `agt_…` id or slug. Its published version answers.'),
  input: z
    .unknown()
    .refine((value) => value !== undefined, 'input is required')
    .describe('A string or `[{type: "text", text}]`.'),
  variables: z.record(z.string(), variableValue).optional(),
  overrides: z.record(z.string(), z.unknown()).optional().describe('Only the fields the agent lists in `overrides.allowed`.'),
  tools: z
    .array(z.strictObject({ name: z.string().min(1).max(64) }))
    .max(32)
    .optional()
    .describe('Client-side tools the agent declares that this caller can run.'),
  end_user: z
    .strictObject({ external_id: z.string(), name: z.string().max(200).optional(), traits: z.record(z.string(), z.unknown()).optional() })
    .optional(),
  session: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('A session of this agent (`sess_…` or your external_id): the input becomes its next message, answered with its history.'),
  stream: z.boolean().default(false),
});

export const modelAndLimitErrors = [
  'input_too_large',
  'unsupported_content_type',
  'system_message_not_allowed',
  'variable_unknown',
  'variable_missing',
  'override_not_allowed',
  'unknown_model',
  'model_not_allowed_on_plan',
  'model_not_configured',
  'tool_not_declared',
  'tools_not_allowed_with_session',
  'agent_archived',
  'agent_not_ready',
  'resource_not_found',
  'quota_exceeded',
  'cost_cap_exceeded',
  ...providerErrorCodes,
] as const;

export const askEndpoint = defineEndpoint({
  operationId: 'ask',
  method: 'POST',
  path: '/v1/ask',
  tag: 'Runs',
  summary: 'Ask an agent once',
  description:
    "A stateless question to an agent's published version. Each ask counts as one AI conversation of the organization's monthly quota " +
    '(429 `quota_exceeded` with `x-should-retry: false` when used up) and its cost, usage × catalogue price, counts towards the daily cost cap ' +
    "(429 `cost_cap_exceeded` until 00:00 UTC). Provider failures fall back to the agent's `model.fallback_models`, in order, and only before " +
    'any text reached the caller; when no model answers the ask fails with the provider code (502). With `stream: true` the answer is ' +
    'server-sent events: `run.created`, `message.delta {text}`, `message.completed`, then `run.completed`, `run.requires_action` or `run.failed` ' +
    'with the whole run. Only the client tools named in `tools` are offered to the model (none without `tools`); when it calls one the ' +
    'run is `requires_action`, `required_action` lists the calls, and their outputs (POST /v1/runs/{run}/tool_outputs, within 24 hours) ' +
    'continue the run, answered like the ask. ' +
    'With `session`, the input is that session’s next message, answered in the worker with its history as a session message is ' +
    '(its concurrency applies), but failures answer as an ask does (502 with the provider code, 429 `cost_cap_exceeded`); ' +
    '`tools` cannot be given then (`tools_not_allowed_with_session`).',
  access: 'project',
  permission: 'runs:write',
  body: askBody,
  response: {
    status: 200,
    description: '`{id, object: "ask", run, output_text, required_action?}`, or an event stream.',
    stream: true,
    schema: askResponse,
  },
  errors: [
    ...modelAndLimitErrors,
    'external_id_invalid',
    'session_not_found',
    'session_agent_mismatch',
    'session_busy',
    'session_queue_full',
    'handoff_already_open',
  ],
});

export const askEndpoints = [askEndpoint];
