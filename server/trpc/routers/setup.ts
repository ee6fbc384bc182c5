import { dismissSetupChecklist, setupChecklistFor } from '@/server/orgs/setup-progress';
import { createTRPCRouter, orgProcedure } from '../init';

export const setupRouter = createTRPCRouter({
  progress: orgProcedure.query(({ ctx }) => setupChecklistFor(ctx.org.id, ctx.role)),

  dismiss: orgProcedure.mutation(({ ctx }) => dismissSetupChecklist({ orgId: ctx.org.id, role: ctx.role })),
});
