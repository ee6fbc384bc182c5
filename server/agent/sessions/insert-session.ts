import type { AgentSession } from '@/server/db';
import { newId } from '@/server/db/ids';
import { pgTransaction } from '@/server/db/pg';
import { whatsappSessionContactId } from '@/server/agent/handoffs/session-conversation';
import { SESSION_COLUMNS } from '@/server/db/rows/agent-sessions';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';
import { attachWidgetContact } from '@/server/agent/widget/widget-conversation';
import { presentSession } from './present-session';

export interface NewSession {
  projectId: string;
  agentId: string;
  externalId: string | null;
  endUserId: string | null;
  channel: 'api' | 'playground' | 'whatsapp' | 'widget';
  version: string;
  concurrency: 'reject' | 'queue';
  variables: object;
  metadata: object;
}

/**
 * The one way a session is created, by the API's get-or-create, the widget and the bot hook:
 * the row and its `session.created` event (when an endpoint listens) in one transaction on the
 * `pg` path, every visitor's and customer's first message waiting on it; a widget session's visitor
 * contact too. Null when a session
 * with this external id exists already (another request created it first): the caller reads
 * that one instead.
 */
export async function insertSession(session: NewSession): Promise<AgentSession | null> {
  return pgTransaction(async (client) => {
    const { rows } = await client.query<AgentSession>({
      name: 'agent-session-insert',
      text: `INSERT INTO agent_sessions (id, project_id, agent_id, external_id, end_user_id, contact_id, channel, version, concurrency, variables, metadata)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb)
             ON CONFLICT (project_id, external_id) DO NOTHING
             RETURNING ${SESSION_COLUMNS}`,
      values: [
        newId('agentSession'),
        session.projectId,
        session.agentId,
        session.externalId,
        session.endUserId,
        whatsappSessionContactId(session),
        session.channel,
        session.version,
        session.concurrency,
        JSON.stringify(session.variables),
        JSON.stringify(session.metadata),
      ],
    });
    // A widget visitor becomes an inbox conversation with the session (docs/agent-api.md §2.6).
    const row = rows[0] && session.channel === 'widget' ? await attachWidgetContact(client, rows[0]) : rows[0];
    if (row) await recordAgentEvent(client, { projectId: session.projectId, type: 'session.created', data: presentSession(row) });
    return row ?? null;
  });
}
