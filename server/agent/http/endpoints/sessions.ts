import { z } from 'zod';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf, withWarnings } from '../responses/common';
import { sessionResponse } from '../responses/conversations';

const sessionParams = z.object({ session: z.string().min(1).max(128).describe('The session: its `sess_…` id or your `external_id`.') });
const variableValue = z.union([z.string().max(10_000), z.number(), z.boolean()]);
const metadata = z
  .record(z.string().min(1).max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 keys');
const endUser = z.strictObject({
  external_id: z.string(),
  name: z.string().trim().min(1).max(200).optional(),
  traits: z.record(z.string().min(1).max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
});

const createErrors: AgentErrorCode[] = [
  'session_exists',
  'session_agent_mismatch',
  'session_end_user_mismatch',
  'external_id_invalid',
  'secret_variable_not_persistable',
  'variable_unknown',
  'draft_not_allowed',
  'model_not_configured',
  'agent_archived',
  'agent_not_ready',
  'resource_not_found',
  'playground_limit_reached',
];

export const createSessionEndpoint = defineEndpoint({
  operationId: 'createSession',
  method: 'POST',
  path: '/v1/sessions',
  tag: 'Sessions',
  summary: 'Get or create a session',
  description:
    'With an `external_id` of yours that already names a session: 200 with that session as it is (creation settings sent then are ignored, ' +
    'with warning `create_params_ignored`), or 409 `session_exists` with `if_exists: error`, `session_agent_mismatch` for another agent, ' +
    '`session_end_user_mismatch` for another end user. Otherwise 201 with a new session. `end_user` is got or created by its `external_id`. ' +
    '`version` picks what answers: `published` (default, follows new publishes), a version number (pinned), or `draft` (only with ' +
    "`channel: playground`, for callers who may edit agents). `variables` may set the agent's declared, non-secret variables; secret ones go " +
    "with each message. `concurrency` (`reject` or `queue`) defaults to the agent's `concurrency_default`. A playground session on a " +
    'platform-provided model counts as one of the project’s 50 test conversations a UTC day at its first run of the day; with none left, ' +
    '429 `playground_limit_reached` (Retry-After to 00:00 UTC).',
  idempotent: true,
  access: 'project',
  permission: 'sessions:write',
  body: z.strictObject({
    agent: z.string().min(1).max(64),
    external_id: z.string().optional(),
    end_user: endUser.optional(),
    channel: z.enum(['api', 'playground']).optional(),
    version: z.union([z.enum(['published', 'draft']), z.number().int().min(1)]).optional(),
    concurrency: z.enum(['reject', 'queue']).optional(),
    variables: z.record(z.string(), variableValue).optional(),
    metadata: metadata.optional(),
    if_exists: z.enum(['return', 'error']).default('return'),
  }),
  response: { status: 201, description: 'The session (201 new, 200 existing).', schema: withWarnings(sessionResponse) },
  errors: createErrors,
});

export const listSessionsEndpoint = defineEndpoint({
  operationId: 'listSessions',
  method: 'GET',
  path: '/v1/sessions',
  tag: 'Sessions',
  summary: 'List sessions',
  access: 'project',
  permission: 'sessions:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of sessions, newest first.', schema: agentListOf(sessionResponse) },
  errors: ['invalid_cursor'],
});

export const getSessionEndpoint = defineEndpoint({
  operationId: 'getSession',
  method: 'GET',
  path: '/v1/sessions/{session}',
  tag: 'Sessions',
  summary: 'Get a session',
  access: 'project',
  permission: 'sessions:read',
  params: sessionParams,
  response: { status: 200, description: 'The session.', schema: sessionResponse },
  errors: ['session_not_found'],
});

export const updateSessionEndpoint = defineEndpoint({
  operationId: 'updateSession',
  method: 'PATCH',
  path: '/v1/sessions/{session}',
  tag: 'Sessions',
  summary: 'Change a session',
  description:
    '`variables` and `metadata` merge into the stored ones (`null` removes a key); `concurrency` replaces; `status: closed` closes the session ' +
    "(the next message reopens it unless sent with `if_closed: error`). A session's end user never changes: naming another is 409 `session_end_user_mismatch`.",
  access: 'project',
  permission: 'sessions:write',
  params: sessionParams,
  body: z.strictObject({
    variables: z.record(z.string(), variableValue.nullable()).optional(),
    metadata: metadata.optional(),
    concurrency: z.enum(['reject', 'queue']).optional(),
    status: z.literal('closed').optional(),
    end_user: z.strictObject({ external_id: z.string().min(1).max(128) }).optional(),
  }),
  response: { status: 200, description: 'The session.', schema: sessionResponse },
  errors: ['session_not_found', 'secret_variable_not_persistable', 'variable_unknown', 'session_end_user_mismatch'],
});

export const sessionEndpoints = [createSessionEndpoint, listSessionsEndpoint, getSessionEndpoint, updateSessionEndpoint];
