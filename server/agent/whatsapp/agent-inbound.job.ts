import { getPgPool } from '@/server/db/pg';
import { AgentError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import { getOrCreateEndUser } from '@/server/agent/end-users/manage-end-users';
import { handOverSession } from '@/server/agent/handoffs/open-handoff';
import { acceptSessionMessage, ChannelMessageSkipped } from '@/server/agent/runs/accept-session-message';
import { getOrCreateSession } from '@/server/agent/sessions/manage-sessions';
import type { MessageKindData } from '@/server/platform/inbound-kinds';
import { inboundKindText } from './inbound-kind-text';
import { findWhatsAppBinding, type WhatsAppBinding } from './whatsapp-binding';

/** Why the bot left an inbound message alone (logged with the message id as `reason`). */
export type SkipReason =
  | 'not_found'
  | 'not_bound'
  | 'ai_paused'
  | 'bot_reply_false'
  | 'handoff_open'
  | 'empty'
  // An AgentError's code: the agent cannot answer (not ready, archived, quota reached, …).
  | string;

/**
 * The bot hook (docs/agent-api.md §2.1–2.3): an inbound WhatsApp message, handed over by the outbox
 * in the transaction that stored it, becomes a user message of the contact's session with the
 * agent bound to the receiving account, and its run (coalesced with the messages around it).
 * It stops, saying why, when no agent is bound, the project's AI is paused, the message answers
 * a template sent with `bot_reply: false`, or a handoff of the session is open; the message is
 * stored, shown and delivered by messaging either way. A job handed over twice accepts the
 * message once (its id is the session message's client_message_id).
 */
export async function agentInboundJob(_job: unknown, data: { messageId: string }): Promise<void> {
  const outcome = await takeInbound(data.messageId);
  if (outcome.skipped) logger.info({ messageId: data.messageId, reason: outcome.skipped }, 'bot hook: inbound message left to people');
  else logger.info({ messageId: data.messageId, runId: outcome.runId, joined: outcome.joined }, 'bot hook: inbound message to the agent');
}

export async function takeInbound(
  messageId: string,
): Promise<{ skipped: SkipReason; runId?: undefined; joined?: undefined } | { skipped?: undefined; runId: string; joined: boolean }> {
  const message = await readInbound(messageId);
  if (!message || message.direction !== 'incoming') return { skipped: 'not_found' };
  const binding = await findWhatsAppBinding(message.orgId, message.accountId);
  if (!binding) return { skipped: 'not_bound' };
  if (binding.aiPaused) return { skipped: 'ai_paused' };
  if (message.keptFromBot) return { skipped: 'bot_reply_false' };
  const text = inboundText(message);
  if (!text) return { skipped: 'empty' };

  const { projectId, agentId } = binding;
  let sessionId: string | undefined;
  try {
    sessionId = (await existingSession(projectId, agentId, message.contactId)) ?? (await startSession(binding, message));
    const accepted = await acceptSessionMessage(
      { kind: 'channel', projectId, orgId: message.orgId },
      sessionId,
      { input: text, client_message_id: message.id, if_closed: 'reopen' },
      {
        coalesceMs: binding.config.channels.whatsapp.coalesce_ms,
        whatsapp: { message_id: message.id, account_id: message.accountId, contact_id: message.contactId, org_id: message.orgId },
      },
    );
    // Staff have the session: the message is in its history for them, and the bot stays silent.
    if (accepted.run === null) return { skipped: 'handoff_open' };
    return { runId: accepted.run.id, joined: accepted.joined === true };
  } catch (error) {
    if (error instanceof ChannelMessageSkipped) return { skipped: error.reason };
    // The agent cannot answer now (archived, not ready, quota reached, the session is another agent's): a person will.
    if (!(error instanceof AgentError)) throw error;
    if (sessionId && error.code === 'quota_exceeded') {
      // The month's AI conversations are used up: no run, the escalation reply and staff (docs/agent-api.md §1.8).
      await handOverSession({ projectId, sessionId, reason: 'quota_exceeded', openedBy: 'quota' });
    }
    return { skipped: error.code };
  }
}

interface InboundMessage {
  id: string;
  orgId: string;
  accountId: string;
  contactId: string;
  direction: string;
  type: string;
  content: string;
  kindData: MessageKindData | null;
  phoneNumber: string;
  contactName: string | null;
  /**
   * `bot_reply: false` (docs/agent-api.md §5): a tap on such a template or a message quoting it, and
   * any inbound message while such a template is the contact's latest outgoing message and less
   * than 24 hours old (as of when this one was stored: its updated_at, as it is never updated),
   * is for people only.
   */
  keptFromBot: boolean;
}

/** The inbound message, its contact, and whether it is kept from the bot, in one statement (the hook runs for every inbound message). */
async function readInbound(messageId: string): Promise<InboundMessage | null> {
  const { rows } = await getPgPool().query<InboundMessage>({
    name: 'agent-inbound-message',
    text: `SELECT m.id, m.org_id AS "orgId", m.account_id AS "accountId", m.contact_id AS "contactId", m.direction::text AS direction,
                  m.type::text AS type, m.content, m.kind_data AS "kindData", c.phone_number AS "phoneNumber", c.name AS "contactName",
                  (EXISTS (SELECT 1 FROM messages q
                            WHERE m.context_wamid IS NOT NULL AND q.org_id = m.org_id AND q.wamid = m.context_wamid
                              AND q.direction = 'outgoing' AND NOT q.bot_reply)
                   OR COALESCE((SELECT NOT l.bot_reply AND m.updated_at - l.created_at < interval '24 hours'
                                  FROM messages l
                                 WHERE l.contact_id = m.contact_id AND l.direction = 'outgoing' AND l.created_at <= m.updated_at
                                 ORDER BY l.created_at DESC LIMIT 1), false)) AS "keptFromBot"
             FROM messages m JOIN contacts c ON c.id = m.contact_id
            WHERE m.id = $1`,
    values: [messageId],
  });
  return rows[0] ?? null;
}

/** The contact's session with the bound agent, when it and its end user exist already (every message after a contact's first). */
async function existingSession(projectId: string, agentId: string, contactId: string): Promise<string | null> {
  const { rows } = await getPgPool().query<{ id: string }>({
    name: 'agent-inbound-session',
    text: `SELECT s.id FROM agent_sessions s JOIN agent_end_users e ON e.id = s.end_user_id
            WHERE s.project_id = $1 AND s.external_id = $2 AND s.agent_id = $3 AND e.external_id = $4`,
    values: [projectId, `wa:${contactId}`, agentId, contactId],
  });
  return rows[0]?.id ?? null;
}

/**
 * A contact's first message to the agent (or a session that no longer fits, which the session
 * service refuses): the verified end user, and the `wa:<contact>` session, got or created.
 */
async function startSession(binding: WhatsAppBinding, message: InboundMessage): Promise<string> {
  const waId = message.phoneNumber.replace(/\D/g, '');
  await getOrCreateEndUser(
    binding.projectId,
    {
      external_id: message.contactId,
      name: message.contactName ?? undefined,
      traits: { phone: message.phoneNumber, name: message.contactName, wa_id: waId },
    },
    { verified: true },
  );
  const { session } = await getOrCreateSession(
    binding.projectId,
    {
      agent: binding.agentId,
      external_id: `wa:${message.contactId}`,
      end_user: { external_id: message.contactId },
      channel: 'whatsapp',
      concurrency: 'queue',
      if_exists: 'return',
    },
    false,
  );
  return session.id;
}

/**
 * The text the agent reads for an inbound message (docs/agent-api.md §2.3): a text, or a tapped
 * template button's text, as it is; the other kinds as text with their data (a location's
 * coordinates, a reply's id); media as a note of its type with its caption (`[image] caption`).
 */
export function inboundText(message: { type: string; content: string; kindData?: MessageKindData | null }): string {
  const kind = message.kindData ? inboundKindText(message.kindData) : null;
  if (kind) return kind;
  if (message.type === 'text') return message.content.trim();
  return `[${message.type}] ${message.content}`.trim();
}
