import { z } from 'zod';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { readCampaignBuilderData } from '@/server/campaigns/campaign-builder-data';
import { readCampaignFunnel } from '@/server/campaigns/campaign-funnel';
import { readCampaignTimeline } from '@/server/campaigns/campaign-timeline';
import { cancelScheduledCampaign } from '@/server/campaigns/cancel-scheduled-campaign';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { campaignDisplayStatuses } from '@/server/campaigns/present-campaign-status';
import { deleteDraftCampaign } from '@/server/campaigns/delete-draft-campaign';
import { duplicateCampaign } from '@/server/campaigns/duplicate-campaign';
import { editDraftCampaign } from '@/server/campaigns/edit-draft-campaign';
import { estimateLimitUse } from '@/server/campaigns/estimate-limit-use';
import { getCampaign, listCampaigns } from '@/server/campaigns/list-campaigns';
import { listCampaignRecipientsWithContacts } from '@/server/campaigns/list-campaign-recipients';
import { checkVariableSources } from '@/server/campaigns/resolve-variable-sources';
import { retargetAudiences } from '@/server/campaigns/retarget-audiences';
import { countRetargetAudiences, retargetCampaign } from '@/server/campaigns/retarget-campaign';
import { variableSources } from '@/server/campaigns/variable-sources';
import { pauseCampaign } from '@/server/campaigns/pause-campaign';
import { rescheduleCampaign } from '@/server/campaigns/reschedule-campaign';
import { startCampaign } from '@/server/campaigns/start-campaign';
import { createTRPCRouter, orgProcedure } from '../init';

const recipientStatus = z.enum(['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped']);
const byId = z.object({ id: z.string().min(1).max(64) });
const sendMode = z.enum(['spread', 'today_only']);
const futureTime = z.iso.datetime({ offset: true });

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
  funnel: orgProcedure.input(byId).query(({ ctx, input }) => readCampaignFunnel(ctx.org.id, input.id)),
  recipients: orgProcedure
    .input(
      byId.extend({
        status: recipientStatus.optional(),
        search: z.string().max(100).optional(),
        cursor: z.string().max(512).optional(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .query(({ ctx, input }) => listCampaignRecipientsWithContacts(ctx.org.id, input.id, input)),
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
        sources: variableSources.optional(),
      }),
    )
    .mutation(({ ctx, input }) => addCampaignRecipients(ctx.org.id, input.id, input.recipients, input.sources)),
  // A mutation only so the numbers travel in a POST body; nothing is saved.
  checkSources: orgProcedure
    .input(z.object({ phoneNumbers: z.array(z.string().min(1).max(32)).max(100_000), sources: variableSources }))
    .mutation(({ ctx, input }) => checkVariableSources(ctx.org.id, input)),
  start: orgProcedure
    .input(byId.extend({ sendMode, scheduledAt: futureTime.optional() }))
    .mutation(({ ctx, input }) => startCampaign(ctx.org.id, input.id, { sendMode: input.sendMode, scheduledAt: input.scheduledAt })),
  pause: orgProcedure.input(byId).mutation(({ ctx, input }) => pauseCampaign(ctx.org.id, input.id)),
  editDraft: orgProcedure
    .input(
      byId.extend({
        name: z.string().min(1).max(200).optional(),
        templateId: z.string().min(1).max(64).optional(),
        sendMode: sendMode.optional(),
        scheduledAt: futureTime.nullable().optional(),
        sources: variableSources.optional(),
      }),
    )
    .mutation(({ ctx, input: { id, ...changes } }) => editDraftCampaign(ctx.org.id, id, changes)),
  deleteDraft: orgProcedure.input(byId).mutation(({ ctx, input }) => deleteDraftCampaign(ctx.org.id, input.id)),
  duplicate: orgProcedure.input(byId).mutation(({ ctx, input }) => duplicateCampaign(ctx.org.id, input.id)),
  retargetAudiences: orgProcedure.input(byId).query(({ ctx, input }) => countRetargetAudiences(ctx.org.id, input.id)),
  retarget: orgProcedure
    .input(
      byId.extend({
        audience: z.enum(retargetAudiences),
        templateId: z.string().min(1).max(64),
        name: z.string().min(1).max(200),
        sources: variableSources.optional(),
      }),
    )
    .mutation(({ ctx, input: { id, ...retarget } }) => retargetCampaign(ctx.org.id, id, retarget)),
  cancel: orgProcedure.input(byId).mutation(({ ctx, input }) => cancelScheduledCampaign(ctx.org.id, input.id)),
  reschedule: orgProcedure
    .input(byId.extend({ scheduledAt: futureTime }))
    .mutation(({ ctx, input }) => rescheduleCampaign(ctx.org.id, input.id, input.scheduledAt)),
});
