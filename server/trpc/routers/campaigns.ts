import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { readCampaignBuilderData } from '@/server/campaigns/campaign-builder-data';
import { readCampaignTimeline } from '@/server/campaigns/campaign-timeline';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { listCampaignRecipients } from '@/server/campaigns/list-campaign-recipients';
import { getCampaign, listCampaigns } from '@/server/campaigns/list-campaigns';
import { pauseCampaign } from '@/server/campaigns/pause-campaign';
import { startCampaign } from '@/server/campaigns/start-campaign';
import { createTRPCRouter, orgProcedure } from '../init';

// The campaign services speak the API's errors; the builder shows their messages as they are.
const procedure = orgProcedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ApiError) {
    const code = result.error.cause.status === 404 ? 'NOT_FOUND' : result.error.cause.status === 409 ? 'CONFLICT' : 'BAD_REQUEST';
    throw new TRPCError({ code, message: result.error.cause.message, cause: result.error.cause });
  }
  return result;
});

const campaignStatus = z.enum(['draft', 'scheduled', 'processing', 'paused', 'completed', 'failed']);
const recipientStatus = z.enum(['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped']);
const byId = z.object({ id: z.string().min(1).max(64) });

export const campaignsRouter = createTRPCRouter({
  builderData: procedure.query(({ ctx }) => readCampaignBuilderData(ctx.org.id)),
  list: procedure
    .input(z.object({ status: campaignStatus.optional() }))
    .query(({ ctx, input }) => listCampaigns(ctx.org.id, { status: input.status, limit: 200 })),
  get: procedure.input(byId).query(({ ctx, input }) => getCampaign(ctx.org.id, input.id)),
  timeline: procedure.input(byId).query(({ ctx, input }) => readCampaignTimeline(ctx.org.id, input.id)),
  recipients: procedure
    .input(byId.extend({ status: recipientStatus.optional(), cursor: z.string().max(512).optional(), limit: z.number().int().min(1).max(200).default(50) }))
    .query(({ ctx, input }) => listCampaignRecipients(ctx.org.id, input.id, input)),
  create: procedure
    .input(z.object({ name: z.string().min(1).max(200), templateId: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => createCampaign(ctx.org.id, { name: input.name, templateId: input.templateId })),
  addRecipients: procedure
    .input(byId.extend({ recipients: z.array(z.object({ to: z.string().min(1).max(32), name: z.string().max(200).optional(), parameters: z.record(z.string(), z.string()) })).min(1).max(1000) }))
    .mutation(({ ctx, input }) => addCampaignRecipients(ctx.org.id, input.id, input.recipients)),
  start: procedure
    .input(byId.extend({ sendMode: z.enum(['spread', 'today_only']), scheduledAt: z.iso.datetime({ offset: true }).optional() }))
    .mutation(({ ctx, input }) => startCampaign(ctx.org.id, input.id, { sendMode: input.sendMode, scheduledAt: input.scheduledAt })),
  pause: procedure.input(byId).mutation(({ ctx, input }) => pauseCampaign(ctx.org.id, input.id)),
});
