import { z } from 'zod';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import { agentSlugPattern } from '@/server/agent/agents/manage-agents';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf } from '../responses/common';
import { agentResponse, agentVersionResponse } from '../responses/resources';

const agentParams = z.object({
  agent: z.string().min(1).max(64).describe('The agent: its `agt_…` id or its slug.'),
});
const name = z.string().trim().min(1).max(100);
const slug = z.string().regex(agentSlugPattern, 'lowercase letters, digits and -, starting with a letter or digit, at most 63');

/** What creating and saving a draft can refuse, beyond the common codes. */
const configErrors: AgentErrorCode[] = [
  'name_taken',
  'slug_taken',
  'reference_not_found',
  'tool_name_conflict',
  'unknown_model',
  'model_not_allowed_on_plan',
];

export const createAgentEndpoint = defineEndpoint({
  operationId: 'createAgent',
  method: 'POST',
  path: '/v1/agents',
  tag: 'Agents',
  summary: 'Create an agent',
  description:
    'Creates an agent whose draft is `config`; nothing answers until it is published. Without `slug` one is made from the name ' +
    '(`-2`, `-3`, … when taken). A `secret` variable takes no `default` (422 `validation_failed`): a default is stored and shown. ' +
    'The answer carries the draft etag in `ETag`, for `If-Match` on the next change.',
  access: 'project',
  permission: 'agents:write',
  body: z.strictObject({ name, slug: slug.optional(), config: agentConfigSchema }),
  idempotent: true,
  response: { status: 201, description: 'The agent, with its draft and readiness.', schema: agentResponse },
  errors: [...configErrors, 'idempotency_key_reused', 'idempotency_in_progress', 'invalid_idempotency_key'],
});

export const listAgentsEndpoint = defineEndpoint({
  operationId: 'listAgents',
  method: 'GET',
  path: '/v1/agents',
  tag: 'Agents',
  summary: 'List agents',
  description: 'Archived agents are listed too, with `status: archived`.',
  access: 'project',
  permission: 'agents:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of agents, newest first.', schema: agentListOf(agentResponse) },
  errors: ['invalid_cursor'],
});

export const getAgentEndpoint = defineEndpoint({
  operationId: 'getAgent',
  method: 'GET',
  path: '/v1/agents/{agent}',
  tag: 'Agents',
  summary: 'Get an agent',
  description: 'Also an archived one. `ETag` is the draft etag.',
  access: 'project',
  permission: 'agents:read',
  params: agentParams,
  response: { status: 200, description: 'The agent.', schema: agentResponse },
  errors: ['resource_not_found'],
});

export const updateAgentEndpoint = defineEndpoint({
  operationId: 'updateAgent',
  method: 'PATCH',
  path: '/v1/agents/{agent}',
  tag: 'Agents',
  summary: 'Change an agent draft',
  description:
    '`config` is a JSON merge patch (RFC 7386) of the draft configuration: objects merge, `null` removes a field (its default returns), ' +
    'arrays are replaced whole. `If-Match` must carry the etag of the draft the change was made on (`*` for any); ' +
    'without it 428 `if_match_required`, and when someone saved since, 412 `etag_mismatch`. The published version does not change until publish.',
  access: 'project',
  permission: 'agents:write',
  params: agentParams,
  body: z.strictObject({ name: name.optional(), slug: slug.optional(), config: z.record(z.string(), z.unknown()).optional() }),
  response: { status: 200, description: 'The agent with its new draft and etag.', schema: agentResponse },
  errors: ['resource_not_found', 'agent_archived', 'if_match_required', 'etag_mismatch', ...configErrors],
});

export const publishAgentEndpoint = defineEndpoint({
  operationId: 'publishAgent',
  method: 'POST',
  path: '/v1/agents/{agent}/publish',
  tag: 'Agents',
  summary: 'Publish an agent draft',
  description:
    'Freezes the draft as the next immutable version, which answers from then on. With `If-Match`, only the draft of that etag is published (412 otherwise). ' +
    'A WhatsApp account (`channels.whatsapp.accounts`, account ids) is answered by one agent of the organization: listing one another agent is bound to is 422 `validation_failed`.',
  access: 'project',
  permission: 'agents:write',
  params: agentParams,
  response: {
    status: 201,
    description: 'The new version: `{id, object: "agent_version", agent, number, config, created_at}`.',
    schema: agentVersionResponse,
  },
  errors: [
    'resource_not_found',
    'agent_archived',
    'etag_mismatch',
    'model_not_configured',
    'reference_not_found',
    'tool_name_conflict',
    'unknown_model',
    'model_not_allowed_on_plan',
    'validation_failed',
  ],
});

export const listAgentVersionsEndpoint = defineEndpoint({
  operationId: 'listAgentVersions',
  method: 'GET',
  path: '/v1/agents/{agent}/versions',
  tag: 'Agents',
  summary: "List an agent's versions",
  access: 'project',
  permission: 'agents:read',
  params: agentParams,
  query: z.object(agentListQuery),
  response: { status: 200, description: 'The published versions, newest first.', schema: agentListOf(agentVersionResponse) },
  errors: ['resource_not_found', 'invalid_cursor'],
});

export const archiveAgentEndpoint = defineEndpoint({
  operationId: 'archiveAgent',
  method: 'DELETE',
  path: '/v1/agents/{agent}',
  tag: 'Agents',
  summary: 'Archive an agent',
  description: 'The agent stops answering: any later use is 409 `agent_archived`. Its versions and runs are kept, and it can still be read.',
  access: 'project',
  permission: 'agents:write',
  params: agentParams,
  response: { status: 200, description: 'The agent, `status: archived`.', schema: agentResponse },
  errors: ['resource_not_found', 'agent_archived'],
});

export const agentEndpoints = [
  createAgentEndpoint,
  listAgentsEndpoint,
  getAgentEndpoint,
  updateAgentEndpoint,
  publishAgentEndpoint,
  listAgentVersionsEndpoint,
  archiveAgentEndpoint,
];
