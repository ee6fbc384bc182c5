import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { getPgPool } from '@/server/db/pg';
import { logger } from '@/server/logger';

/** Sends the platform accepted this long ago without a word since are overdue for a status webhook. */
export const SILENCE_AFTER = '30 minutes';
/** How far back sends are looked at: older silence is history, not news. */
const LOOK_BACK = '6 hours';
/** Sends to fewer customers than this prove nothing (a customer's phone may be off). */
const SILENT_CUSTOMERS = 3;

/**
 * A number whose webhooks stopped arriving (the app unsubscribed, the callback URL changed or
 * unreachable) looks healthy while its messages are never marked delivered and its customers'
 * replies never come: `webhooks_silent` (docs/going-live.md, "Number health"). A connected number
 * is silent when its sends of the last hours to at least three customers were accepted over 30
 * minutes ago and nothing has come from the platform about it since the first of them: no status
 * of any of its messages, no customer message. When anything comes again the number is connected again.
 * Each number's look is bounded by the (account, created_at) index of messages.
 */
export async function checkWebhookSilenceJob(): Promise<void> {
  const pool = getPgPool();
  const evidence = `EXISTS (
      SELECT 1 FROM messages e
      WHERE e.account_id = a.id AND e.created_at >= $SINCE - interval '1 day'
        AND ((e.direction = 'outgoing' AND GREATEST(e.delivered_at, e.read_at, e.failed_at) >= $SINCE)
          OR (e.direction = 'incoming' AND e.created_at >= $SINCE)))`;
  const silenced = await pool.query<{ id: string }>(`
    UPDATE accounts a SET status = 'needs_attention', status_reason = 'webhooks_silent', status_changed_at = now(), updated_at = now()
    FROM (
      SELECT c.id, first.since
      FROM accounts c
      CROSS JOIN LATERAL (
        SELECT min(s.sent_at) AS since, count(DISTINCT s.contact_id) AS customers FROM (
          SELECT m.sent_at, m.contact_id FROM messages m
          WHERE m.account_id = c.id AND m.direction = 'outgoing' AND m.status = 'sent'
            AND m.created_at >= now() - interval '${LOOK_BACK}' AND m.created_at < now() - interval '${SILENCE_AFTER}'
            AND m.sent_at IS NOT NULL
          ORDER BY m.created_at LIMIT 20
        ) s
      ) first
      WHERE c.status = 'connected' AND first.customers >= ${SILENT_CUSTOMERS}
    ) quiet
    WHERE a.id = quiet.id AND NOT ${evidence.replaceAll('$SINCE', 'quiet.since')}
    RETURNING a.id`);
  const heard = await pool.query<{ id: string }>(`
    UPDATE accounts a SET status = 'connected', status_reason = NULL, status_changed_at = now(), updated_at = now()
    WHERE a.status = 'needs_attention' AND a.status_reason = 'webhooks_silent'
      AND ${evidence.replaceAll('$SINCE', 'a.status_changed_at')}
    RETURNING a.id`);
  if (silenced.rowCount || heard.rowCount) {
    logger.warn({ silent: silenced.rows.map((r) => r.id), heard: heard.rows.map((r) => r.id) }, 'webhook silence changed numbers’ health');
    await notifyCallerChange(); // /v1/me shows each number's status
  }
}
