import { db, type AgentTicket } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { prismaSql } from '@/server/db/sql';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';

export const presentTicket = (row: AgentTicket) => ({
  id: row.id,
  object: 'ticket' as const,
  session: row.sessionId,
  end_user: row.endUserId,
  subject: row.subject,
  description: row.description,
  status: row.status,
  run: row.runId,
  created_at: row.createdAt.toISOString(),
  closed_at: row.closedAt?.toISOString() ?? null,
});

export interface NewTicket {
  projectId: string;
  sessionId: string;
  endUserId: string | null;
  runId: string;
  subject: string;
  description: string;
}

/**
 * The builtin `create_ticket` (docs/agent-api.md §1.10): a ticket for staff to follow up, one open
 * per customer (the end user, or the session when it has none). With one already open the
 * answer is that ticket, as `ticket_already_open`. Customers are serialised by an advisory lock,
 * so two runs at once cannot both open one; `ticket.created` is recorded with it.
 */
export async function openTicket(ticket: NewTicket): Promise<{ created: boolean; ticket: AgentTicket }> {
  const customerKey = ticket.endUserId ?? ticket.sessionId;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`agent-ticket:${ticket.projectId}:${customerKey}`}))`;
    const open = await tx.agentTicket.findFirst({ where: { projectId: ticket.projectId, customerKey, status: 'open' } });
    if (open) return { created: false, ticket: open };
    const row = await tx.agentTicket.create({
      data: {
        id: newId('agentTicket'),
        projectId: ticket.projectId,
        sessionId: ticket.sessionId,
        endUserId: ticket.endUserId,
        customerKey,
        subject: ticket.subject,
        description: ticket.description,
        runId: ticket.runId,
      },
    });
    await recordAgentEvent(prismaSql(tx), { projectId: ticket.projectId, type: 'ticket.created', data: presentTicket(row) });
    return { created: true, ticket: row };
  });
}

export function listTickets(projectId: string, params: AgentListParams & { status?: 'open' | 'closed' }) {
  const filter = { projectId, ...(params.status ? { status: params.status } : {}) };
  return pageAgentList(
    params,
    (id) => db.agentTicket.findFirst({ where: { id, ...filter }, select: { id: true, createdAt: true } }),
    (window) => db.agentTicket.findMany({ where: { AND: [filter, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentTicket,
  );
}

export async function getTicket(projectId: string, id: string) {
  return presentTicket(await findTicket(projectId, id));
}

/** PATCH `{status: closed}`: staff dealt with it; the customer may then get a new one. */
export async function closeTicket(projectId: string, id: string) {
  const ticket = await findTicket(projectId, id);
  if (ticket.status === 'closed') return presentTicket(ticket);
  return presentTicket(await db.agentTicket.update({ where: { id: ticket.id }, data: { status: 'closed', closedAt: new Date() } }));
}

async function findTicket(projectId: string, id: string): Promise<AgentTicket> {
  const row = await db.agentTicket.findFirst({ where: { id, projectId } });
  if (!row) throw new AgentError('resource_not_found', { param: 'ticket', details: { resource: 'ticket' } });
  return row;
}
