import type { Sql } from '@/server/db/sql';
import { getPgPool } from '@/server/db/pg';
import { logger } from '@/server/logger';
import { endActiveHandoff } from './work-handoffs';

/**
 * Which active handoffs are due to expire (docs/agent-api.md §1.7): no staff message for
 * `expire_after_hours` (`expires_at`), or, for a WhatsApp session, the customer's 24-hour window
 * closed (their last message over a day ago), after which staff could not write to them anyway.
 */
const DUE = `h.status IN ('open', 'assigned') AND (h.expires_at < now() OR EXISTS (
  SELECT 1 FROM agent_sessions s JOIN contacts c ON c.id = substr(s.external_id, 4)
   WHERE s.id = h.session_id AND s.channel = 'whatsapp' AND c.last_inbound_at < now() - interval '24 hours'))`;

/**
 * Ends the handoffs that are due, on the runs' reconciler's beat: the AI answers the customer's
 * next message. Each is ended under its session's lock and only if still due then, so a staff
 * reply (or a customer message) that just came in keeps it.
 */
export async function expireHandoffs(): Promise<number> {
  const { rows } = await getPgPool().query<{ id: string; sessionId: string }>({
    name: 'agent-handoffs-due',
    text: `SELECT h.id, h.session_id AS "sessionId" FROM agent_handoffs h WHERE ${DUE} LIMIT 500`,
  });
  let expired = 0;
  for (const handoff of rows) {
    const due = { handoffId: handoff.id, stillDue: (client: Sql) => stillDue(client, handoff.id) };
    if (await endActiveHandoff(handoff.sessionId, { status: 'expired' }, due)) expired += 1;
  }
  if (expired > 0) logger.info({ expired }, 'handoffs expired');
  return expired;
}

async function stillDue(client: Sql, handoffId: string): Promise<boolean> {
  const { rows } = await client.query({
    name: 'agent-handoff-still-due',
    text: `SELECT 1 FROM agent_handoffs h WHERE h.id = $1 AND ${DUE}`,
    values: [handoffId],
  });
  return rows.length > 0;
}
