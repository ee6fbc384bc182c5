import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { templateInputSchema } from '@/server/templates/template-input';
import { pagingQuery } from '../paging';
import { listOf, timestamp } from '../schemas';

const templateStatuses = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string().describe('Language code, e.g. `en` or `pt_BR`.'),
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']),
  status: z.enum(templateStatuses).describe('Only APPROVED templates can be sent. DISABLED: no longer listed by the platform.'),
  status_reason: z
    .string()
    .nullable()
    .describe(
      "The platform's reason for the status, as it names it: for REJECTED `INVALID_FORMAT`, `PROMOTIONAL`, `ABUSIVE_CONTENT`, `INCORRECT_CATEGORY`, `TAG_CONTENT_MISMATCH`, `SCAM`; null when it gave none.",
    ),
  status_detail: z
    .string()
    .nullable()
    .describe("The platform's own words on the status (a rejection's recommendation, a pause's description), when it gave them."),
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
  summary: 'Templates, written here or synced from the platform, with their variables, newest first',
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

const templateId = z.object({ id: z.string().describe('Template id (`tpl_…`).') });

export const createTemplate = defineEndpoint({
  operationId: 'createTemplate',
  method: 'POST',
  path: '/v1/templates',
  tag: 'Templates',
  summary: 'Write a template and submit it to the platform for review',
  description:
    "The template is checked as the dashboard's builder checks it, then submitted to the platform, and answered `PENDING`. " +
    "The platform's decision arrives as `template.status_updated` (with its reason when it rejects) and in `status` here. " +
    "Every number of the account's business gets the template: the platform keeps templates per business account. " +
    'Media headers (IMAGE, VIDEO, DOCUMENT) take the https URL of a sample file in `header.example`; it is fetched like a message’s media link and uploaded for the reviewers. ' +
    'AUTHENTICATION templates have no header and no body text: the platform writes "{{1}} is your verification code.", ' +
    'with `body.add_security_recommendation`, `footer.code_expiration_minutes` and one `OTP` button.',
  scope: 'templates:write',
  body: templateInputSchema,
  idempotent: true,
  response: { status: 201, description: 'The template, PENDING until the platform decides', schema: templateSchema },
  errors: [
    'invalid_parameter',
    'account_not_found',
    'account_disconnected',
    'no_connected_account',
    'url_not_allowed',
    'media_too_large',
    'template_exists',
    'template_refused',
    'upstream_failure',
  ],
});

export const getTemplate = defineEndpoint({
  operationId: 'getTemplate',
  method: 'GET',
  path: '/v1/templates/{id}',
  tag: 'Templates',
  summary: 'Read a template, with its status and the platform’s reason',
  scope: 'templates:read',
  params: templateId,
  response: { status: 200, description: 'The template', schema: templateSchema },
  errors: ['resource_not_found'],
});

export const deleteTemplate = defineEndpoint({
  operationId: 'deleteTemplate',
  method: 'DELETE',
  path: '/v1/templates/{id}',
  tag: 'Templates',
  summary: 'Delete a template (this language) at the platform and here',
  description:
    "Every number of the business loses it. A copy that a campaign used stays listed as DISABLED, so the campaign keeps its history. The platform keeps an approved template's name and language for 30 days after deletion.",
  scope: 'templates:write',
  params: templateId,
  response: { status: 204, description: 'Deleted; no body' },
  errors: ['resource_not_found', 'account_disconnected', 'template_refused', 'upstream_failure'],
});

export const endpoints = [listTemplates, createTemplate, getTemplate, deleteTemplate];
