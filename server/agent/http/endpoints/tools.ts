import { z } from 'zod';
import { newToolSchema, toolPatchSchema } from '@/server/agent/tools/tool-schema';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf, deletedObject, withWarnings } from '../responses/common';
import { toolResponse, toolTestResponse } from '../responses/resources';

const toolParams = z.object({ tool: z.string().regex(/^tool_[0-9A-Za-z]{22}$/, 'a tool_ id') });
const toolErrors: AgentErrorCode[] = ['name_taken', 'url_not_allowed', 'identity_as_parameter'];

const toolDescription =
  'An HTTP call to your own API that agents may make. `http.url` (https, port 443 or 8443, a public address; its origin written out), ' +
  "`headers`, `query` and `body` may hold placeholders: `{{args.*}}` (the model's arguments, declared in `parameters`), `{{variables.*}}`, " +
  '`{{end_user.external_id}}`, `{{end_user.traits.*}}`, `{{session.id}}`; in the URL they are URL-encoded, and a body string that is one ' +
  'placeholder takes its value as JSON. `response` projects the answer with JSON pointers (`items_path`, `fields`, `max_items`): only those ' +
  'reach the model. Calls follow no redirects, stop after `timeout_ms` (at most 10,000) and read at most 1 MiB. A parameter named like ' +
  'identity data (phone, email, name, address) is refused with `identity_as_parameter` when `requires_verified_customer`, else warned about. ' +
  '`parameters` is a JSON Schema of at most 16,384 characters and 128 objects, compiled once per version; its `pattern`s and ' +
  '`patternProperties` run on a linear-time (RE2) engine: at most 500 characters each, no backreferences or lookaround. `$ref` is not ' +
  'supported, and `uniqueItems` needs a `maxItems` of at most 100; anything else is 422 `validation_failed` at its place.';

export const createToolEndpoint = defineEndpoint({
  operationId: 'createTool',
  method: 'POST',
  path: '/v1/tools',
  tag: 'Tools',
  summary: 'Create an HTTP tool',
  description: toolDescription,
  access: 'project',
  permission: 'tools:write',
  body: newToolSchema,
  idempotent: true,
  response: { status: 201, description: 'The tool.', schema: withWarnings(toolResponse) },
  errors: [...toolErrors, 'idempotency_key_reused', 'idempotency_in_progress', 'invalid_idempotency_key'],
});

export const listToolsEndpoint = defineEndpoint({
  operationId: 'listTools',
  method: 'GET',
  path: '/v1/tools',
  tag: 'Tools',
  summary: 'List HTTP tools',
  access: 'project',
  permission: 'tools:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of tools, newest first.', schema: agentListOf(toolResponse) },
  errors: ['invalid_cursor'],
});

export const getToolEndpoint = defineEndpoint({
  operationId: 'getTool',
  method: 'GET',
  path: '/v1/tools/{tool}',
  tag: 'Tools',
  summary: 'Get an HTTP tool',
  access: 'project',
  permission: 'tools:read',
  params: toolParams,
  response: { status: 200, description: 'The tool.', schema: toolResponse },
  errors: ['resource_not_found'],
});

export const updateToolEndpoint = defineEndpoint({
  operationId: 'updateTool',
  method: 'PATCH',
  path: '/v1/tools/{tool}',
  tag: 'Tools',
  summary: 'Change an HTTP tool',
  description:
    'Each field given replaces the stored one whole (`http`, `response` included); the tool is then checked as a new one. Published agent versions call the tool as it is at call time.',
  access: 'project',
  permission: 'tools:write',
  params: toolParams,
  body: toolPatchSchema,
  response: { status: 200, description: 'The tool.', schema: withWarnings(toolResponse) },
  errors: ['resource_not_found', ...toolErrors],
});

export const deleteToolEndpoint = defineEndpoint({
  operationId: 'deleteTool',
  method: 'DELETE',
  path: '/v1/tools/{tool}',
  tag: 'Tools',
  summary: 'Delete an HTTP tool',
  description: 'Agents that name it must drop it before their next save or publish (`reference_not_found`).',
  access: 'project',
  permission: 'tools:write',
  params: toolParams,
  response: { status: 200, description: '`{id, object: "tool", deleted: true}`.', schema: deletedObject('tool') },
  errors: ['resource_not_found'],
});

export const testToolEndpoint = defineEndpoint({
  operationId: 'testTool',
  method: 'POST',
  path: '/v1/tools/{tool}/test',
  tag: 'Tools',
  summary: 'Try an HTTP tool',
  description:
    'Calls the tool once with `arguments` (checked against its `parameters`), `variables` and an `end_user` `{external_id, traits}`, as a run ' +
    'would. 200 `{ok, status_code, duration_ms, result | error {code: upstream_failed | unreadable, detail}, raw_excerpt}`: a failing endpoint is ' +
    'a result, not an error. A placeholder without a value is 422 `placeholder_unresolved` naming it, and nothing is called.',
  access: 'project',
  permission: 'tools:write',
  params: toolParams,
  body: z.strictObject({
    arguments: z.record(z.string(), z.unknown()).default({}),
    variables: z.record(z.string(), z.union([z.string().max(10_000), z.number(), z.boolean()])).default({}),
    end_user: z.strictObject({ external_id: z.string().min(1).max(128), traits: z.record(z.string(), z.unknown()).default({}) }).optional(),
  }),
  bodyOptional: true,
  response: { status: 200, description: 'What the call did.', schema: toolTestResponse },
  errors: ['resource_not_found', 'placeholder_unresolved'],
});

export const toolEndpoints = [createToolEndpoint, listToolsEndpoint, getToolEndpoint, updateToolEndpoint, deleteToolEndpoint, testToolEndpoint];
