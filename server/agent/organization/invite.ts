import type { MemberRole } from '@/server/db';
import { inviteMember } from '@/server/orgs/invite-member';
import type { MemberCaller } from '@/server/agent/access/agent-caller';

/** An invitation as the agent API shows it once: the membership's id and the one-time link. */
export async function createInvitation(caller: MemberCaller, email: string, role: MemberRole) {
  const invited = await inviteMember({ orgId: caller.orgId, actorRole: caller.role, email, role });
  return {
    id: invited.membershipId,
    object: 'invitation' as const,
    email: invited.email,
    role: invited.role,
    account_exists: invited.hasAccount,
    url: invited.inviteUrl,
    expires_at: invited.expiresAt,
  };
}
