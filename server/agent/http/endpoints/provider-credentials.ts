import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf, deletedObject } from '../responses/common';
import { providerCredentialResponse } from '../responses/resources';

const credentialParams = z.object({ credential: z.string().regex(/^pcred_[0-9A-Za-z]{22}$/, 'a pcred_ id') });

const createBody = z.strictObject({
  provider: z.enum(['openai', 'anthropic', 'openai_compatible']),
  name: z.string().trim().min(1).max(100),
  api_key: z.string().min(8).max(512),
  base_url: z.string().max(2048).optional(),
});

export const createProviderCredentialEndpoint = defineEndpoint({
  operationId: 'createProviderCredential',
  method: 'POST',
  path: '/v1/provider_credentials',
  tag: 'Provider credentials',
  summary: 'Connect a provider key',
  description:
    'Checks the key live with the provider (its model list, else a one-token call) and stores it encrypted only when accepted: ' +
    'only a 2xx answer accepts it; a redirect (never followed) or any other answer is 422 `credential_invalid`, naming the status. ' +
    'The key is never returned; `key_last4` identifies it. `base_url` (required for `openai_compatible`) must be a public https URL on port 443 or 8443. ' +
    'When the check cannot run the answer is 502 and nothing is stored.',
  access: 'project',
  permission: 'credentials:write',
  body: createBody,
  idempotent: true,
  response: { status: 201, description: 'The credential.', schema: providerCredentialResponse },
  errors: [
    'credential_invalid',
    'url_not_allowed',
    'name_taken',
    'provider_unavailable',
    'provider_timeout',
    'idempotency_key_reused',
    'idempotency_in_progress',
    'invalid_idempotency_key',
  ],
});

export const listProviderCredentialsEndpoint = defineEndpoint({
  operationId: 'listProviderCredentials',
  method: 'GET',
  path: '/v1/provider_credentials',
  tag: 'Provider credentials',
  summary: 'List provider credentials',
  access: 'project',
  permission: 'credentials:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of credentials, newest first.', schema: agentListOf(providerCredentialResponse) },
  errors: ['invalid_cursor'],
});

export const getProviderCredentialEndpoint = defineEndpoint({
  operationId: 'getProviderCredential',
  method: 'GET',
  path: '/v1/provider_credentials/{credential}',
  tag: 'Provider credentials',
  summary: 'Get a provider credential',
  description:
    '`status`: `valid` or `invalid` (the last live check, or a provider that refused the key during a run), or `undecryptable` when no ' +
    'configured secret of the service opens the stored key (it was encrypted under a secret since removed): agents it would serve are not ready ' +
    '(`provider_key_undecryptable`) until the key is entered again (delete it and connect it anew).',
  access: 'project',
  permission: 'credentials:read',
  params: credentialParams,
  response: { status: 200, description: 'The credential.', schema: providerCredentialResponse },
  errors: ['resource_not_found'],
});

export const deleteProviderCredentialEndpoint = defineEndpoint({
  operationId: 'deleteProviderCredential',
  method: 'DELETE',
  path: '/v1/provider_credentials/{credential}',
  tag: 'Provider credentials',
  summary: 'Delete a provider credential',
  description: 'Agents that use it become not ready (`no_provider_key`) until another key for the provider is connected.',
  access: 'project',
  permission: 'credentials:write',
  params: credentialParams,
  response: { status: 200, description: '`{id, object, deleted: true}`.', schema: deletedObject('provider_credential') },
  errors: ['resource_not_found'],
});

export const checkProviderCredentialEndpoint = defineEndpoint({
  operationId: 'checkProviderCredential',
  method: 'POST',
  path: '/v1/provider_credentials/{credential}/check',
  tag: 'Provider credentials',
  summary: 'Check a provider credential again',
  description:
    'Runs the live check again and records `status` and `checked_at`. When the check cannot run nothing changes; ' +
    'an `undecryptable` credential cannot be checked and is returned as it is.',
  access: 'project',
  permission: 'credentials:write',
  params: credentialParams,
  response: { status: 200, description: 'The credential with its new status.', schema: providerCredentialResponse },
  errors: ['resource_not_found', 'provider_unavailable', 'provider_timeout'],
});

export const providerCredentialEndpoints = [
  createProviderCredentialEndpoint,
  listProviderCredentialsEndpoint,
  getProviderCredentialEndpoint,
  deleteProviderCredentialEndpoint,
  checkProviderCredentialEndpoint,
];
