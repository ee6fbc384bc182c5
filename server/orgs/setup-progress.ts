import { db, type MemberRole } from '@/server/db';
import { assertCanManageMembers, canManageMembers } from './member-permission';
import { checklistOf, type SetupChecklist, type SetupSignals } from './setup-checklist';

/**
 * The setup checklist of an organization, for a member who sets it up (owners and admins, who
 * can take every step); null for other roles, who are shown none. Each step is read from the
 * organization's data, never from what was clicked, so a step undone (a number disconnected,
 * the last key revoked) is open again.
 */
export async function setupChecklistFor(orgId: string, role: MemberRole): Promise<SetupChecklist | null> {
  if (!canManageMembers(role)) return null;
  const [signals, org] = await Promise.all([readSetupSignals(orgId), db.organization.findUniqueOrThrow({ where: { id: orgId } })]);
  return checklistOf(signals, org.setupDismissedAt);
}

/** Puts the checklist away for the whole organization (owners and admins); its steps stay on the Help page. */
export async function dismissSetupChecklist({ orgId, role }: { orgId: string; role: MemberRole }): Promise<void> {
  assertCanManageMembers(role);
  await db.organization.updateMany({ where: { id: orgId, setupDismissedAt: null }, data: { setupDismissedAt: new Date() } });
}

async function readSetupSignals(orgId: string): Promise<SetupSignals> {
  const now = new Date();
  const [connected, approved, members, bound, widgetSession, apiKey] = await Promise.all([
    db.account.findFirst({ where: { orgId, status: 'connected' }, select: { id: true } }),
    db.template.findFirst({ where: { orgId, status: 'APPROVED' }, select: { id: true } }),
    // An invitation is a membership whose person has not chosen a password yet, so this counts pending ones too.
    db.membership.count({ where: { orgId }, take: 2 }),
    hasBoundAgent(orgId),
    // The widget is installed when it has been used: only the script on a page, with a publishable
    // key for that page's origin and an agent with the widget enabled, opens a `widget` session.
    // A key alone says it was meant to be installed, not that it is.
    db.agentSession.findFirst({ where: { channel: 'widget', project: { orgId } }, select: { id: true } }),
    db.apiKey.findFirst({ where: { orgId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }, select: { id: true } }),
  ]);
  return {
    connect: connected !== null,
    templates: approved !== null,
    team: members > 1,
    agent: bound,
    widget: widgetSession !== null,
    apiKey: apiKey !== null,
  };
}

/**
 * Whether an active agent's published version is bound to one of the organization's numbers, as
 * `findWhatsAppBinding` (server/agent/whatsapp/whatsapp-binding.ts) finds the agent that answers
 * one. Raw SQL: Prisma cannot say jsonb's `?` (the array holds the account id).
 */
async function hasBoundAgent(orgId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ bound: boolean }>>`
    SELECT EXISTS (
      SELECT 1
        FROM agents a
        JOIN agent_projects p ON p.id = a.project_id
        JOIN agent_versions v ON v.agent_id = a.id AND v.number = a.published_version
        JOIN accounts acc ON acc.org_id = p.org_id AND v.config -> 'channels' -> 'whatsapp' -> 'accounts' ? acc.id
       WHERE p.org_id = ${orgId} AND a.status = 'active'
    ) AS bound`;
  return row?.bound ?? false;
}
