import { z } from 'zod';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { readCampaignBuilderData } from '@/server/campaigns/campaign-builder-data';
import { readCampaignTimeline } from '@/server/campaigns/campaign-timeline';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { estimateLimitUse } from '@/server/campaigns/estimate-limit-use';
import { listCampaignRecipients } from '@/server/campaigns/list-campaign-recipients';
import { getCampaign, listCampaigns } from '@/server/campaigns/list-campaigns';
import { pauseCampaign } from '@/server/campaigns/pause-campaign';
import { campaignDisplayStatuses } from '@/server/campaigns/present-campaign-status';
import { startCampaign } from '@/server/campaigns/start-campaign';
import { createTRPCRouter, orgProcedure } from '../init';

const recipientStatus = z.enum(['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped']);
const byId = z.object({ id: z.string().min(1).max(64) });

export const campaignsRouter = createTRPCRouter({
  builderData: orgProcedure.query(({ ctx }) => readCampaignBuilderData(ctx.org.id)),
  // A mutation only so the numbers travel in a POST body (a query puts its input in the URL).
  limitEstimate: orgProcedure
    .input(z.object({ templateId: z.string().min(1).max(64), phoneNumbers: z.array(z.string().min(1).max(32)).min(1).max(100_000) }))
    .mutation(({ ctx, input }) => estimateLimitUse(ctx.org.id, input)),
  list: orgProcedure
    .input(z.object({ status: z.enum(campaignDisplayStatuses).optional() }))
    .query(({ ctx, input }) => listCampaigns(ctx.org.id, { shownStatus: input.status, limit: 200 })),
  get: orgProcedure.input(byId).query(({ ctx, input }) => getCampaign(ctx.org.id, input.id)),
  timeline: orgProcedure.input(byId).query(({ ctx, input }) => readCampaignTimeline(ctx.org.id, input.id)),
  recipients: orgProcedure
    .input(
      byId.extend({
        status: recipientStatus.optional(),
        cursor: z.string().max(512).optional(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .query(({ ctx, input }) => listCampaignRecipients(ctx.org.id, input.id, input)),
  create: orgProcedure
    .input(z.object({ name: z.string().min(1).max(200), templateId: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => createCampaign(ctx.org.id, { name: input.name, templateId: input.templateId })),
  addRecipients: orgProcedure
    .input(
      byId.extend({
        recipients: z
          .array(z.object({ to: z.string().min(1).max(32), name: z.string().max(200).optional(), parameters: z.record(z.string(), z.string()) }))
          .min(1)
          .max(1000),
      }),
    )
    .mutation(({ ctx, input }) => addCampaignRecipients(ctx.org.id, input.id, input.recipients)),
  start: orgProcedure
    .input(byId.extend({ sendMode: z.enum(['spread', 'today_only']), scheduledAt: z.iso.datetime({ offset: true }).optional() }))
    .mutation(({ ctx, input }) => startCampaign(ctx.org.id, input.id, { sendMode: input.sendMode, scheduledAt: input.scheduledAt })),
  pause: orgProcedure.input(byId).mutation(({ ctx, input }) => pauseCampaign(ctx.org.id, input.id)),
});
