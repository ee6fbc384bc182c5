import { db, type MemberRole } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import type { ProjectCaller } from '@/server/agent/access/agent-caller';

/**
 * The member a handoff action is done as (docs/agent-api.md §1.3): the signed-in member, or with a
 * secret key the organization's member named by `member_id`. A member naming someone else
 * must be an admin (assigning a colleague); a name that is no member is `validation_failed`.
 */
export async function actingMember(caller: ProjectCaller, memberId: string | undefined): Promise<{ userId: string; role: MemberRole }> {
  if (caller.kind === 'member' && (memberId === undefined || memberId === caller.userId)) return { userId: caller.userId, role: caller.role };
  if (caller.kind === 'member' && caller.role !== 'owner' && caller.role !== 'admin') {
    throw new AgentError('permission_denied', { param: '/member_id', details: { permission: 'handoffs:assign_others' } });
  }
  if (memberId === undefined) {
    throw new AgentError('validation_failed', {
      param: '/member_id',
      details: { detail: 'an API key acts for a member: name them with member_id.' },
    });
  }
  const membership = await db.membership.findFirst({ where: { orgId: caller.orgId, userId: memberId }, select: { role: true } });
  if (!membership) throw new AgentError('validation_failed', { param: '/member_id', details: { detail: 'not a member of this organization.' } });
  return { userId: memberId, role: membership.role };
}
