import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { pagingQuery } from '../paging';
import { listOf, phoneNumber, timestamp } from '../schemas';

const campaignStatus = z
  .enum(['draft', 'scheduled', 'processing', 'paused', 'completed', 'failed'])
  .describe('`completed` and `failed` are final.');

const sendMode = z
  .enum(['spread', 'today_only'])
  .describe("`spread` carries recipients beyond today's messaging-limit allowance into the following days; `today_only` skips them.");

const recipientStatus = z.enum(['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped']);

const counter = z.number().int().min(0);

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: campaignStatus,
  template_id: z.string(),
  template_name: z.string(),
  account: z.string().describe('Name of the account it sends from.'),
  recipients: z.object({
    total: counter,
    sent: counter,
    delivered: counter,
    read: counter,
    failed: counter,
    skipped: counter.describe('Opted out of marketing, or beyond the allowance in `today_only` mode.'),
  }),
  send_mode: sendMode,
  scheduled_at: timestamp.nullable().describe('When a scheduled campaign starts.'),
  started_at: timestamp.nullable(),
  resumes_at: timestamp
    .nullable()
    .describe('Set only while the campaign has parked itself against the daily messaging-limit allowance: when it resumes by itself.'),
  throttle_reason: z.string().nullable().describe('Set together with `resumes_at`, e.g. `messaging_limit`.'),
  failure_reason: z
    .string()
    .nullable()
    .describe('Why a `failed` campaign could not run: template no longer approved, account gone, credentials rejected.'),
  created_at: timestamp,
});

const campaignId = z.object({ id: z.string().describe('Campaign id.') });

export const createCampaign = defineEndpoint({
  operationId: 'createCampaign',
  method: 'POST',
  path: '/v1/campaigns',
  tag: 'Campaigns',
  summary: 'Create a campaign',
  description: 'Creates the campaign in `draft`: one approved template for many recipients. Nothing is sent until it is started.',
  scope: 'campaigns:write',
  body: z
    .object({
      name: z.string().min(1).max(200).describe('For your records, up to 200 characters.'),
      template: z.string().min(1).optional().describe('Template name. Alternatively `template_id`. The template must be `APPROVED`.'),
      template_id: z.string().min(1).optional().describe('Template id, instead of `template`.'),
      account: z.string().min(1).optional().describe("Account name. Default: the template's account, then the organization's default."),
    })
    .strict()
    .refine((body) => (body.template === undefined) !== (body.template_id === undefined), {
      message: 'Give exactly one of `template` or `template_id`.',
      path: ['template'],
    }),
  idempotent: true,
  response: { status: 201, description: 'The campaign, in `draft`', schema: campaignSchema },
  errors: [
    'resource_not_found',
    'template_not_approved',
    'account_not_found',
    'account_disconnected',
    'no_connected_account',
    'invalid_parameter',
  ],
});

export const addCampaignRecipients = defineEndpoint({
  operationId: 'addCampaignRecipients',
  method: 'POST',
  path: '/v1/campaigns/{id}/recipients',
  tag: 'Campaigns',
  summary: 'Add recipients to a campaign',
  description:
    'Up to 1,000 per call, only while the campaign is `draft` or `paused`. The batch is all or nothing: if one entry is refused, ' +
    'none is stored, and the error names it as `recipients[<index>].<field>`. A number already in the campaign is stored once ' +
    'and counted in `duplicates`. Template variables are checked per recipient when added.',
  scope: 'campaigns:write',
  params: campaignId,
  body: z
    .object({
      recipients: z
        .array(
          z
            .object({
              to: phoneNumber,
              name: z.string().max(200).optional(),
              parameters: z
                .record(z.string(), z.string())
                .optional()
                .describe('This person\'s template variables, keyed by name or position (`"1"`).'),
            })
            .strict(),
        )
        .min(1)
        .max(1000)
        .describe('1 to 1,000 entries.'),
    })
    .strict(),
  idempotent: true,
  response: {
    status: 200,
    description: 'The batch was stored',
    schema: z.object({
      added: counter.describe('Recipients newly added by this call.'),
      total_recipients: counter,
      campaign_id: z.string(),
      duplicates: counter.describe('Entries ignored because the number was already in the campaign or in this batch.'),
    }),
  },
  errors: ['resource_not_found', 'campaign_not_editable', 'missing_template_parameter', 'invalid_parameter'],
});

export const startCampaign = defineEndpoint({
  operationId: 'startCampaign',
  method: 'POST',
  path: '/v1/campaigns/{id}/start',
  tag: 'Campaigns',
  summary: 'Start, schedule or resume a campaign',
  description:
    'From `draft`: starts now, or arms the campaign when `scheduled_at` is in the future. From `paused`: picks up where it left off. ' +
    "Sending is paced against the messaging limit of the account's business portfolio. With no body it starts now in `spread` mode.",
  scope: 'campaigns:write',
  params: campaignId,
  body: z
    .object({
      send_mode: sendMode.default('spread'),
      scheduled_at: z.iso
        .datetime({ offset: true })
        .optional()
        .describe('ISO 8601 timestamp. In the future, it arms the campaign for that time; otherwise it starts now.'),
    })
    .strict(),
  bodyOptional: true,
  idempotent: true,
  response: {
    status: 200,
    description: 'Started (`processing`) or armed (`scheduled`)',
    schema: z.discriminatedUnion('status', [
      z.object({
        status: z.literal('processing'),
        queued: counter.describe('Recipients handed to the workers now, not the eventual total.'),
        skipped: counter.describe('Recipients skipped: opted out, or beyond the allowance in `today_only` mode.'),
      }),
      z.object({ status: z.literal('scheduled'), scheduled_at: timestamp }),
    ]),
  },
  errors: ['resource_not_found', 'campaign_state_conflict', 'campaign_has_no_recipients', 'template_not_approved'],
});

export const pauseCampaign = defineEndpoint({
  operationId: 'pauseCampaign',
  method: 'POST',
  path: '/v1/campaigns/{id}/pause',
  tag: 'Campaigns',
  summary: 'Pause a campaign',
  description:
    'Stops a `processing` or `scheduled` campaign. Recipients already handed to the workers are still sent; the others stay pending ' +
    'until the campaign is started again.',
  scope: 'campaigns:write',
  params: campaignId,
  idempotent: true,
  response: { status: 200, description: 'The campaign, now `paused`', schema: campaignSchema },
  errors: ['resource_not_found', 'campaign_state_conflict'],
});

export const getCampaign = defineEndpoint({
  operationId: 'getCampaign',
  method: 'GET',
  path: '/v1/campaigns/{id}',
  tag: 'Campaigns',
  summary: 'Read a campaign and its counters',
  scope: 'campaigns:read',
  params: campaignId,
  response: { status: 200, description: 'The campaign', schema: campaignSchema },
  errors: ['resource_not_found'],
});

export const listCampaigns = defineEndpoint({
  operationId: 'listCampaigns',
  method: 'GET',
  path: '/v1/campaigns',
  tag: 'Campaigns',
  summary: 'List campaigns, newest first',
  scope: 'campaigns:read',
  query: z.object({ status: campaignStatus.optional().describe('Only campaigns in this status.'), ...pagingQuery }).strict(),
  response: { status: 200, description: 'A page of campaigns', schema: listOf(campaignSchema) },
});

export const listCampaignRecipients = defineEndpoint({
  operationId: 'listCampaignRecipients',
  method: 'GET',
  path: '/v1/campaigns/{id}/recipients',
  tag: 'Campaigns',
  summary: 'List the recipients of a campaign and their status',
  scope: 'campaigns:read',
  params: campaignId,
  query: z.object({ status: recipientStatus.optional().describe('Only recipients in this status.'), ...pagingQuery }).strict(),
  response: {
    status: 200,
    description: 'A page of recipients',
    schema: listOf(
      z.object({
        id: z.string(),
        to: z.string().describe('E.164.'),
        name: z.string().nullable(),
        parameters: z.record(z.string(), z.string()),
        status: recipientStatus.describe('`pending` until handed to a worker, `queued` until the platform accepts the message.'),
        message_id: z.string().nullable().describe('The message sent to this recipient, once there is one.'),
        error_message: z.string().nullable().describe('Why it `failed` or was `skipped`.'),
        created_at: timestamp,
        updated_at: timestamp,
      }),
    ),
  },
  errors: ['resource_not_found'],
});

export const endpoints = [
  createCampaign,
  addCampaignRecipients,
  startCampaign,
  pauseCampaign,
  getCampaign,
  listCampaigns,
  listCampaignRecipients,
];
