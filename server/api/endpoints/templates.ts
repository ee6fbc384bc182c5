import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { pagingQuery } from '../paging';
import { listOf, timestamp } from '../schemas';

const templateStatuses = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string().describe('Language code, e.g. `en` or `pt_BR`.'),
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']),
  status: z.enum(templateStatuses).describe('Only APPROVED templates can be sent. DISABLED: no longer listed by the platform.'),
  account: z.string().describe('Name of the account the template belongs to.'),
  parameter_format: z.enum(['NAMED', 'POSITIONAL']).describe('NAMED: variables are names (`order_id`); POSITIONAL: "1", "2", …'),
  header: z.object({ format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT']), variables: z.array(z.string()) }).nullable(),
  body: z.object({ text: z.string(), variables: z.array(z.string()) }),
  buttons: z.array(
    z.object({
      index: z.number().int(),
      type: z.enum(['QUICK_REPLY', 'URL', 'COPY_CODE']),
      text: z.string(),
      variable: z.string().optional().describe('The variable that fills the button (URL suffix or code), when it has one.'),
    }),
  ),
  updated_at: timestamp,
});

export const listTemplates = defineEndpoint({
  operationId: 'listTemplates',
  method: 'GET',
  path: '/v1/templates',
  tag: 'Templates',
  summary: 'Templates synced from the platform, with their variables, newest first',
  scope: 'templates:read',
  query: z
    .object({
      ...pagingQuery,
      status: z.enum(templateStatuses).optional(),
      name: z.string().min(1).max(512).optional().describe('Exact template name.'),
      account: z.string().min(1).max(200).optional().describe('Account name.'),
    })
    .strict(),
  response: { status: 200, description: 'A page of templates', schema: listOf(templateSchema) },
  errors: ['invalid_parameter'],
});

export const endpoints = [listTemplates];
