import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { accountSchema, listOf, timestamp } from '../schemas';

export const getMe = defineEndpoint({
  operationId: 'getMe',
  method: 'GET',
  path: '/v1/me',
  tag: 'Account',
  summary: 'The organization, the calling key and the sendable accounts',
  description:
    'A 200 proves the key is real, active and scoped. The organization and account details may be up to 5 seconds old: they are cached per organization, and a rename or an account sync refreshes them at once. Changes nothing and sends nothing.',
  scope: 'account:read',
  response: {
    status: 200,
    description: 'The caller',
    schema: z.object({
      organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
      api_key: z.object({
        id: z.string(),
        name: z.string(),
        prefix: z.string().describe('The first 12 characters of the key, safe to display.'),
        scopes: z.array(z.string()),
        rate_limit_per_min: z.number().int(),
        expires_at: timestamp.nullable(),
        last_used_at: timestamp,
      }),
      messaging_accounts: z.array(accountSchema.extend({ limits_synced_at: timestamp.nullable() })),
    }),
  },
});

export const listAccounts = defineEndpoint({
  operationId: 'listAccounts',
  method: 'GET',
  path: '/v1/accounts',
  tag: 'Account',
  summary: 'Accounts the organization can send from, most-default first',
  scope: 'account:read',
  response: { status: 200, description: 'All accounts (never more than one page)', schema: listOf(accountSchema, false) },
});

export const endpoints = [getMe, listAccounts];
