import { z } from 'zod';
import { serializeActiveOrgCookie } from '@/server/orgs/active-org-cookie';
import { resolveActiveOrg } from '@/server/orgs/resolve-active-org';
import { switchActiveOrg } from '@/server/orgs/switch-active-org';
import { authedProcedure, createTRPCRouter } from '../init';

export const sessionRouter = createTRPCRouter({
  /** The signed-in user, every organization they belong to, and the one they are working in. */
  me: authedProcedure.query(async ({ ctx }) => {
    const { memberships, active } = await resolveActiveOrg({ userId: ctx.user.id, requestedOrgId: ctx.requestedOrgId });
    return { user: ctx.user, memberships, activeOrg: active };
  }),

  /** Makes another of the user's organizations the active one (remembered in a cookie). */
  switchOrg: authedProcedure.input(z.object({ orgId: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    const membership = await switchActiveOrg({ userId: ctx.user.id, orgId: input.orgId });
    ctx.resHeaders.append('Set-Cookie', serializeActiveOrgCookie(membership.orgId));
    return { activeOrg: membership };
  }),
});
