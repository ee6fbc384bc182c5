import { z } from 'zod';
import { MemberRole } from '@/server/db';
import { connectNumber } from '@/server/accounts/connect-number';
import { disconnectAccount } from '@/server/accounts/disconnect-account';
import { changeMemberRole } from '@/server/orgs/change-member-role';
import { inviteMember } from '@/server/orgs/invite-member';
import { listMembersForMember } from '@/server/orgs/list-members';
import { removeMember } from '@/server/orgs/remove-member';
import { renameOrganization } from '@/server/orgs/rename-organization';
import { createTRPCRouter, orgProcedure } from '../init';

const role = z.enum(MemberRole);
const membershipId = z.string().min(1).max(64);
/** The platform's ids (business account, phone number) are digits. */
const platformId = z
  .string()
  .trim()
  .regex(/^\d{1,32}$/, 'An id of digits, as the platform shows it.');

export const settingsRouter = createTRPCRouter({
  members: orgProcedure.query(({ ctx }) => listMembersForMember(ctx.org.id, ctx.role)),

  rename: orgProcedure
    .input(z.object({ name: z.string().trim().min(1, 'Enter a name.').max(100) }))
    .mutation(({ ctx, input }) => renameOrganization({ orgId: ctx.org.id, actorRole: ctx.role, name: input.name })),

  invite: orgProcedure
    .input(z.object({ email: z.email('Enter an email address.').max(320), role, name: z.string().trim().max(100).optional() }))
    .mutation(async ({ ctx, input }) => {
      const { hasAccount, inviteUrl, ...invited } = await inviteMember({ orgId: ctx.org.id, actorRole: ctx.role, ...input });
      // Someone with an account signs in as before; the page tells the inviter so instead of showing a link.
      return { ...invited, inviteUrl: hasAccount ? null : inviteUrl };
    }),

  changeRole: orgProcedure
    .input(z.object({ membershipId, role }))
    .mutation(({ ctx, input }) => changeMemberRole({ orgId: ctx.org.id, actorRole: ctx.role, ...input })),

  connectNumber: orgProcedure
    .input(
      z.object({
        wabaId: platformId,
        phoneNumberId: platformId,
        pin: z.string().regex(/^\d{6}$/, 'The PIN is 6 digits.'),
        source: z.union([
          z.object({ token: z.string().trim().min(1, 'Paste the access token.').max(4096) }),
          z.object({ code: z.string().min(1).max(2048) }),
          z.object({ resume: z.literal(true) }),
        ]),
      }),
    )
    .mutation(({ ctx, input }) => connectNumber({ orgId: ctx.org.id, actorRole: ctx.role, ...input })),

  disconnectAccount: orgProcedure
    .input(z.object({ accountId: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => disconnectAccount({ orgId: ctx.org.id, actorRole: ctx.role, accountId: input.accountId })),

  removeMember: orgProcedure
    .input(z.object({ membershipId }))
    .mutation(({ ctx, input }) => removeMember({ orgId: ctx.org.id, actorRole: ctx.role, ...input })),
});
