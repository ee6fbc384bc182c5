import { z } from 'zod';
import { listTemplateSummaries } from '@/server/templates/list-template-summaries';
import { requestTemplateSyncAsMember } from '@/server/templates/request-template-sync';
import { templateInputSchema } from '@/server/templates/template-input';
import {
  createTemplateAsMember,
  deleteTemplateAsMember,
  resubmitTemplateAsMember,
  templateForBuilder,
} from '@/server/templates/templates-as-member';
import { createTRPCRouter, orgProcedure } from '../init';

const templateId = z.string().min(1).max(64);

export const templatesRouter = createTRPCRouter({
  /** The active organization's templates. */
  list: orgProcedure.query(({ ctx }) => listTemplateSummaries(ctx.org.id)),

  /** One template, with the builder's input for editing or copying it. */
  get: orgProcedure.input(z.object({ id: templateId })).query(({ ctx, input }) => templateForBuilder(ctx.org.id, input.id)),

  /** Writes a template and submits it for review. */
  create: orgProcedure.input(templateInputSchema).mutation(({ ctx, input }) => createTemplateAsMember(ctx.org.id, ctx.role, input)),

  /** New content for a template, back to review. */
  resubmit: orgProcedure
    .input(z.object({ id: templateId, template: templateInputSchema }))
    .mutation(({ ctx, input }) => resubmitTemplateAsMember(ctx.org.id, ctx.role, input.id, input.template)),

  remove: orgProcedure.input(z.object({ id: templateId })).mutation(({ ctx, input }) => deleteTemplateAsMember(ctx.org.id, ctx.role, input.id)),

  /** Queues a template sync for one account of the active organization, or for all of them. */
  syncNow: orgProcedure
    .input(z.object({ accountId: z.string().min(1).max(64).optional() }))
    .mutation(({ ctx, input }) => requestTemplateSyncAsMember(ctx.org.id, ctx.role, input.accountId)),
});
