import type pg from 'pg';
import type { AgentRun } from '@/server/db';
import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { platformClientForPortfolio } from '@/server/accounts/platform-client';
import { insertBotReplyWithPg } from '@/server/messages/queue-outgoing-message';
import type { WhatsAppOrigin } from '@/server/agent/runs/accept-session-message';

/** The WhatsApp message a run answers, when it is a WhatsApp channel run (its options say so). */
export function whatsAppOriginOf(run: Pick<AgentRun, 'options'>): WhatsAppOrigin | null {
  const origin = (run.options as { whatsapp?: WhatsAppOrigin } | null)?.whatsapp;
  return origin ?? null;
}

/**
 * Whether a person wrote to the customer since the run started (docs/agent-api.md §2.4–2.5): an
 * outgoing message that is not a template (campaigns do not count; `bot_reply` covers them)
 * and not the bot's. Read in the run's end transaction, with the session locked.
 */
export async function humanRepliedSinceWithPg(client: pg.ClientBase, contactId: string, since: Date): Promise<boolean> {
  const { rows } = await client.query<{ replied: boolean }>({
    name: 'whatsapp-human-replied-since',
    text: `SELECT EXISTS (
             SELECT 1 FROM messages
              WHERE contact_id = $1 AND direction = 'outgoing' AND type <> 'template' AND author_type IS DISTINCT FROM 'bot' AND created_at >= $2
           ) AS replied`,
    values: [contactId, since],
  });
  return rows[0]?.replied === true;
}

/** The reply goes to the customer through messaging's send path, in the caller's transaction (end-run.ts). */
export function sendWhatsAppReplyWithPg(client: pg.ClientBase, origin: WhatsAppOrigin, run: { id: string; agentId: string }, text: string) {
  return insertBotReplyWithPg(client, {
    orgId: origin.org_id,
    accountId: origin.account_id,
    contactId: origin.contact_id,
    agentId: run.agentId,
    runId: run.id,
    key: `run_${run.id}`,
    text,
  });
}

/**
 * A handoff's escalation reply to a WhatsApp customer (docs/agent-api.md §1.7), in the transaction
 * that opened the handoff: like a bot reply, from the account the customer last wrote to.
 */
export async function sendEscalationToWhatsAppWithPg(
  client: pg.ClientBase,
  session: { agentId: string; contactId: string },
  escalation: { text: string; runId: string | null },
  handoffId: string,
): Promise<void> {
  const { rows } = await client.query<{ accountId: string; orgId: string }>({
    name: 'whatsapp-last-inbound-account',
    text: `SELECT account_id AS "accountId", org_id AS "orgId" FROM messages
            WHERE contact_id = $1 AND direction = 'incoming' ORDER BY created_at DESC LIMIT 1`,
    values: [session.contactId],
  });
  const last = rows[0];
  if (!last || escalation.text.trim() === '') return;
  await insertBotReplyWithPg(client, {
    orgId: last.orgId,
    accountId: last.accountId,
    contactId: session.contactId,
    agentId: session.agentId,
    runId: escalation.runId,
    key: `handoff_${handoffId}`,
    text: escalation.text,
  });
}

/**
 * At a WhatsApp run's start (docs/agent-api.md §2.4): the customer's message is marked read with the
 * typing indicator, so they see the business is answering. Best effort: a platform refusal is
 * logged and the run goes on.
 */
export async function showTyping(origin: WhatsAppOrigin): Promise<void> {
  try {
    const message = await db.message.findUnique({
      where: { id: origin.message_id },
      select: { wamid: true, account: { select: { phoneId: true, portfolioId: true } } },
    });
    if (!message?.wamid) return;
    const client = await platformClientForPortfolio(message.account.portfolioId);
    await client.markRead(message.account.phoneId, message.wamid, { typing: true });
  } catch (err) {
    logger.warn({ messageId: origin.message_id, err: (err as Error).message }, 'typing indicator not shown');
  }
}
