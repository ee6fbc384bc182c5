import { db } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import { getOrCreateEndUser } from '@/server/agent/end-users/manage-end-users';
import { handOverSession } from '@/server/agent/handoffs/open-handoff';
import { acceptSessionMessage, ChannelMessageSkipped } from '@/server/agent/runs/accept-session-message';
import { getOrCreateSession } from '@/server/agent/sessions/manage-sessions';
import { findWhatsAppBinding } from './whatsapp-binding';

const DAY_MS = 24 * 3600_000;

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
 * The bot hook (agent-api.md §2.1–2.3): an inbound WhatsApp message, handed over by the outbox
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
  const message = await db.message.findUnique({
    where: { id: messageId },
    select: {
      id: true,
      orgId: true,
      accountId: true,
      contactId: true,
      direction: true,
      type: true,
      content: true,
      contextWamid: true,
      updatedAt: true,
      contact: { select: { phoneNumber: true, name: true } },
    },
  });
  if (!message || message.direction !== 'incoming') return { skipped: 'not_found' };
  const binding = await findWhatsAppBinding(message.orgId, message.accountId);
  if (!binding) return { skipped: 'not_bound' };
  if (binding.aiPaused) return { skipped: 'ai_paused' };
  if (await keptFromBot(message)) return { skipped: 'bot_reply_false' };
  const text = inboundText(message);
  if (!text) return { skipped: 'empty' };

  const { projectId, agentId } = binding;
  const externalId = message.contactId;
  const waId = message.contact.phoneNumber.replace(/\D/g, '');
  let sessionId: string | undefined;
  try {
    await getOrCreateEndUser(
      projectId,
      {
        external_id: externalId,
        name: message.contact.name ?? undefined,
        traits: { phone: message.contact.phoneNumber, name: message.contact.name, wa_id: waId },
      },
      { verified: true },
    );
    const { session } = await getOrCreateSession(
      projectId,
      {
        agent: agentId,
        external_id: `wa:${message.contactId}`,
        end_user: { external_id: externalId },
        channel: 'whatsapp',
        concurrency: 'queue',
        if_exists: 'return',
      },
      false,
    );
    sessionId = session.id;
    const accepted = await acceptSessionMessage(
      { kind: 'channel', projectId, orgId: message.orgId },
      session.id,
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
      // The month's AI conversations are used up: no run, the escalation reply and staff (agent-api.md §1.8).
      await handOverSession({ projectId, sessionId, reason: 'quota_exceeded', openedBy: 'quota' });
    }
    return { skipped: error.code };
  }
}

/**
 * The text the agent reads for an inbound message (agent-api.md §2.3): a text, or a tapped
 * button's text, as it is; anything else as a note of its type with its caption (`[image] caption`).
 */
export function inboundText(message: { type: string; content: string }): string {
  if (message.type === 'text') return message.content.trim();
  return `[${message.type}] ${message.content}`.trim();
}

/**
 * `bot_reply: false` (agent-api.md §5): a tap on such a template or a message quoting it, and
 * any inbound message while such a template is the contact's latest outgoing message and less
 * than 24 hours old, is for people only.
 */
async function keptFromBot(message: { orgId: string; contactId: string; contextWamid: string | null; updatedAt: Date }): Promise<boolean> {
  if (message.contextWamid) {
    const quoted = await db.message.findFirst({
      where: { orgId: message.orgId, wamid: message.contextWamid, direction: 'outgoing' },
      select: { botReply: true },
    });
    if (quoted && !quoted.botReply) return true;
  }
  // The latest outgoing message when this one was stored (its updatedAt, as it is never updated).
  const latest = await db.message.findFirst({
    where: { contactId: message.contactId, direction: 'outgoing', createdAt: { lte: message.updatedAt } },
    orderBy: { createdAt: 'desc' },
    select: { botReply: true, createdAt: true },
  });
  return !!latest && !latest.botReply && message.updatedAt.getTime() - latest.createdAt.getTime() < DAY_MS;
}
