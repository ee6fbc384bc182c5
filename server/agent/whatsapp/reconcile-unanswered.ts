import type { Sql } from '@/server/db/sql';
import { getPgPool } from '@/server/db/pg';
import { logger } from '@/server/logger';
import { handOverSession } from '@/server/agent/handoffs/open-handoff';

/** How long a WhatsApp customer may wait for an answer before staff are brought in (docs/agent-api.md §2.7). */
export const UNANSWERED_AFTER_MS = 2 * 60_000;
/** How far back the reconciler looks: older silences were handed over on an earlier pass, or predate the bot. */
const LOOK_BACK_MS = 30 * 60_000;

/**
 * The guarantee of docs/agent-api.md §2.7, on the runs' reconciler's beat: no WhatsApp customer of a
 * bot-handled conversation is left without an AI reply, a fallback with a handoff, or a human
 * owner. A conversation whose latest message is the customer's, older than 2 minutes, with
 * nobody assigned and no handoff active, is handed over now (`unanswered`): its runs are
 * cancelled and the customer gets the fallback message. Whatever the cause (a lost job, a
 * worker gone, an agent unready), the customer hears back.
 */
export async function reconcileUnanswered(now = new Date()): Promise<number> {
  const { rows } = await getPgPool().query<{ sessionId: string; projectId: string }>({
    name: 'agent-unanswered-conversations',
    text: `SELECT s.id AS "sessionId", s.project_id AS "projectId"
             FROM contacts c
             JOIN agent_projects p ON p.org_id = c.org_id
             JOIN agent_sessions s ON s.project_id = p.id AND s.external_id = 'wa:' || c.id AND s.channel = 'whatsapp'
            WHERE c.last_inbound_at BETWEEN $1 AND $2
              AND c.last_message_at <= c.last_inbound_at
              AND c.assigned_user_id IS NULL
              AND NOT EXISTS (SELECT 1 FROM agent_handoffs h WHERE h.session_id = s.id AND h.status IN ('open', 'assigned'))
            LIMIT 500`,
    values: [new Date(now.getTime() - LOOK_BACK_MS), new Date(now.getTime() - UNANSWERED_AFTER_MS)],
  });
  let handedOver = 0;
  for (const row of rows) {
    const opening = { ...row, reason: 'no_reply_in_2_minutes', openedBy: 'unanswered' as const, escalationKind: 'fallback' as const };
    // Judged again under the session's lock: a reply or a person may have come meanwhile.
    if (await handOverSession(opening, (client) => stillUnanswered(client, row.sessionId, now))) handedOver += 1;
  }
  if (handedOver > 0) logger.warn({ handedOver }, 'WhatsApp conversations left unanswered were handed to staff');
  return handedOver;
}

async function stillUnanswered(client: Sql, sessionId: string, now: Date): Promise<boolean> {
  const { rows } = await client.query({
    name: 'agent-unanswered-still',
    text: `SELECT 1 FROM agent_sessions s JOIN contacts c ON c.id = substr(s.external_id, 4)
            WHERE s.id = $1 AND c.last_inbound_at <= $2 AND c.last_message_at <= c.last_inbound_at AND c.assigned_user_id IS NULL
              AND NOT EXISTS (SELECT 1 FROM agent_handoffs h WHERE h.session_id = s.id AND h.status IN ('open', 'assigned'))`,
    values: [sessionId, new Date(now.getTime() - UNANSWERED_AFTER_MS)],
  });
  return rows.length > 0;
}
