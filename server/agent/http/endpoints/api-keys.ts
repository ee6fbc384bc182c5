import { z } from 'zod';
import { isId } from '@/server/db/ids';
import { agentKeyScopes } from '@/server/agent/access/agent-permissions';
import { agentListQuery } from '../agent-paging';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { idempotencyErrors, listErrors } from '../agent-endpoint';
import { agentListOf } from '../responses/common';

/**
 * The project's API keys. Owners and admins (and keys with `permissions: all`) manage every
 * key; a secret key with only `keys:write` manages publishable keys.
 */
const apiKey = z.object({
  id: z.string(),
  object: z.literal('api_key'),
  type: z.enum(['secret', 'publishable']),
  name: z.string(),
  prefix: z.string(),
  permissions: z.literal('all').nullable(),
  scopes: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  status: z.enum(['active', 'expired', 'revoked']),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
const withKey = apiKey.extend({ key: z.string().describe('The whole key. Shown only in this answer.') });
const keyParam = z.object({ key: z.string().refine((v) => isId('apiKey', v), 'expected an API key id (key_…).') });

export const createAgentKeyEndpoint = defineEndpoint({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/v1/api_keys',
  tag: 'API keys',
  summary: 'Create a secret or publishable key',
  description: 'Secret keys take `scopes` or `permissions: "all"`; publishable keys take `allowed_origins`, each exactly `scheme://host[:port]`.',
  access: 'project',
  permission: 'keys:write',
  idempotent: true,
  body: z
    .object({
      type: z.enum(['secret', 'publishable']),
      name: z.string().trim().min(1).max(100),
      scopes: z.array(z.enum(agentKeyScopes)).min(1).max(agentKeyScopes.length).optional(),
      permissions: z.literal('all').optional(),
      allowed_origins: z.array(z.string().max(300)).max(50).optional(),
      expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    })
    .strict(),
  response: { status: 201, description: 'The key, shown once.', schema: withKey },
  errors: ['allowed_origins_required', ...idempotencyErrors],
});

export const listAgentKeysEndpoint = defineEndpoint({
  operationId: 'listApiKeys',
  method: 'GET',
  path: '/v1/api_keys',
  tag: 'API keys',
  summary: "List the project's keys (never the keys themselves)",
  access: 'project',
  permission: 'keys:write',
  query: z.object(agentListQuery),
  response: {
    status: 200,
    description: 'A page of keys, newest first, revoked ones included.',
    schema: agentListOf(apiKey),
  },
  errors: listErrors,
});

export const revokeAgentKeyEndpoint = defineEndpoint({
  operationId: 'revokeApiKey',
  method: 'DELETE',
  path: '/v1/api_keys/{key}',
  tag: 'API keys',
  summary: 'Revoke a key; it stops working on the next request',
  access: 'project',
  permission: 'keys:write',
  params: keyParam,
  response: { status: 200, description: 'The revoked key.', schema: apiKey },
  errors: ['resource_not_found'],
});

export const rollAgentKeyEndpoint = defineEndpoint({
  operationId: 'rollApiKey',
  method: 'POST',
  path: '/v1/api_keys/{key}/roll',
  tag: 'API keys',
  summary: 'Replace a key with a new one of the same reach; the old one is revoked',
  access: 'project',
  permission: 'keys:write',
  idempotent: true,
  params: keyParam,
  response: { status: 201, description: 'The new key, shown once.', schema: withKey },
  errors: ['resource_not_found', ...idempotencyErrors],
});

export const apiKeyEndpoints = [createAgentKeyEndpoint, listAgentKeysEndpoint, revokeAgentKeyEndpoint, rollAgentKeyEndpoint];
