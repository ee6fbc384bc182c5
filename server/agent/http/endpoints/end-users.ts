import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf, deletedObject, withWarnings } from '../responses/common';
import { endUserResponse } from '../responses/resources';

const endUserParams = z.object({
  end_user: z.string().min(1).max(128).describe('The end user: their `eu_…` id or your `external_id`.'),
});
const traits = z
  .record(z.string().min(1).max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 traits')
  .describe('Facts about the person (plan, city, …): strings, numbers or booleans; tools reach them as `{{end_user.traits.*}}`.');

export const createEndUserEndpoint = defineEndpoint({
  operationId: 'createEndUser',
  method: 'POST',
  path: '/v1/end_users',
  tag: 'End users',
  summary: 'Get or create an end user',
  description:
    'By `external_id`, your own id for the person: 201 with a new end user, or 200 with the existing one, unchanged ' +
    '(name and traits sent then are ignored, with warning `create_params_ignored`; change them with PATCH). ' +
    'An `external_id` that looks like a phone number or an email address (`jane.doe.example.com`, `jane_at_example.com`) is accepted with warning ' +
    '`external_id_looks_like_phone` or `external_id_looks_like_email`: ids appear in logs and dashboards, so an opaque id of yours is better.',
  idempotent: true,
  access: 'project',
  permission: 'end_users:write',
  body: z.strictObject({ external_id: z.string(), name: z.string().trim().min(1).max(200).optional(), traits: traits.optional() }),
  response: { status: 201, description: 'The end user (201 new, 200 existing).', schema: withWarnings(endUserResponse) },
  errors: ['external_id_invalid'],
});

export const listEndUsersEndpoint = defineEndpoint({
  operationId: 'listEndUsers',
  method: 'GET',
  path: '/v1/end_users',
  tag: 'End users',
  summary: 'List end users',
  access: 'project',
  permission: 'end_users:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of end users, newest first.', schema: agentListOf(endUserResponse) },
  errors: ['invalid_cursor'],
});

export const getEndUserEndpoint = defineEndpoint({
  operationId: 'getEndUser',
  method: 'GET',
  path: '/v1/end_users/{end_user}',
  tag: 'End users',
  summary: 'Get an end user',
  access: 'project',
  permission: 'end_users:read',
  params: endUserParams,
  response: { status: 200, description: 'The end user.', schema: endUserResponse },
  errors: ['resource_not_found'],
});

export const updateEndUserEndpoint = defineEndpoint({
  operationId: 'updateEndUser',
  method: 'PATCH',
  path: '/v1/end_users/{end_user}',
  tag: 'End users',
  summary: 'Change an end user',
  description: '`name` replaces the name (`null` clears it). `traits` merges into the traits: a trait set to `null` is removed.',
  access: 'project',
  permission: 'end_users:write',
  params: endUserParams,
  body: z.strictObject({ name: z.string().trim().min(1).max(200).nullable().optional(), traits: traits.optional() }),
  response: { status: 200, description: 'The end user.', schema: endUserResponse },
  errors: ['resource_not_found'],
});

export const deleteEndUserEndpoint = defineEndpoint({
  operationId: 'deleteEndUser',
  method: 'DELETE',
  path: '/v1/end_users/{end_user}',
  tag: 'End users',
  summary: 'Erase an end user',
  description: 'Erases the end user with their sessions and messages, for a deletion request. Cannot be undone.',
  access: 'project',
  permission: 'end_users:write',
  params: endUserParams,
  response: { status: 200, description: '`{id, object: "end_user", deleted: true}`.', schema: deletedObject('end_user') },
  errors: ['resource_not_found'],
});

export const endUserEndpoints = [createEndUserEndpoint, listEndUsersEndpoint, getEndUserEndpoint, updateEndUserEndpoint, deleteEndUserEndpoint];
