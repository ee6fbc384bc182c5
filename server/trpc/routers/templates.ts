import { z } from 'zod';
import { listTemplateSummaries } from '@/server/templates/list-template-summaries';
import { requestTemplateSyncAsMember } from '@/server/templates/request-template-sync';
import { createTRPCRouter, orgProcedure } from '../init';

export const templatesRouter = createTRPCRouter({
  /** The active organization's templates as last synced. */
  list: orgProcedure.query(({ ctx }) => listTemplateSummaries(ctx.org.id)),

  /** Queues a template sync for one account of the active organization, or for all of them. */
  syncNow: orgProcedure
    .input(z.object({ accountId: z.string().min(1).max(64).optional() }))
    .mutation(({ ctx, input }) => requestTemplateSyncAsMember(ctx.org.id, ctx.role, input.accountId)),
});
