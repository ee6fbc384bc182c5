import { config } from '@/server/config';
import { getPgPool } from '@/server/db/pg';

/**
 * How long a send whose outcome is unknown (the worker died, or the platform's answer was
 * lost) waits for the platform's status webhooks before it is tried again. The platform
 * reports every message it accepted; its status carries our message id, which adopts it.
 */
export const IN_DOUBT_MS = config.SEND_IN_DOUBT_MS;

export interface SendingAccount {
  id: string;
  name: string;
  phoneId: string;
  throughputPerSec: number;
  accessTokenSealed: string | null;
  accessTokenLegacy: string | null;
}

/** The account a send job sends from, with its number's throughput and its portfolio's token. */
export async function readSendingAccount(accountId: string): Promise<SendingAccount | null> {
  const { rows } = await getPgPool().query<SendingAccount>({
    name: 'send-job-account',
    text: `SELECT a.id, a.name, a.phone_id AS "phoneId", a.throughput_per_sec AS "throughputPerSec",
             p.access_token_sealed AS "accessTokenSealed", p.access_token AS "accessTokenLegacy"
           FROM accounts a JOIN business_portfolios p ON p.id = a.portfolio_id WHERE a.id = $1`,
    values: [accountId],
  });
  return rows[0] ?? null;
}

export interface ClaimedMessage {
  id: string;
  createdAt: Date;
  payload: Record<string, unknown>;
  phoneNumber: string;
}

/**
 * Claims messages for sending (`send_started_at`) and reads what sending them
 * needs, in one statement: only pending outgoing messages that nobody claimed, or whose claim
 * has been in doubt for IN_DOUBT_MS, are claimed. The others are left out of the result.
 */
export async function claimMessages(ids: string[]): Promise<ClaimedMessage[]> {
  const { rows } = await getPgPool().query<ClaimedMessage>({
    name: 'send-job-claim',
    text: `UPDATE messages m SET send_started_at = now(), updated_at = now()
           FROM contacts c
           WHERE m.id = ANY($1::text[]) AND m.status = 'pending' AND m.direction = 'outgoing'
             AND (m.send_started_at IS NULL OR m.send_started_at <= now() - make_interval(secs => $2))
             AND c.id = m.contact_id
           RETURNING m.id, m.created_at AS "createdAt", m.payload, c.phone_number AS "phoneNumber"`,
    values: [ids, IN_DOUBT_MS / 1000],
  });
  return rows;
}

/** Of messages that could not be claimed, those still pending under a claim, and when that claim's doubt ends. */
export async function claimsInDoubt(ids: string[]): Promise<Array<{ id: string; until: number }>> {
  const { rows } = await getPgPool().query<{ id: string; sendStartedAt: Date }>({
    name: 'send-job-in-doubt',
    text: `SELECT id, send_started_at AS "sendStartedAt" FROM messages
           WHERE id = ANY($1::text[]) AND status = 'pending' AND direction = 'outgoing' AND send_started_at IS NOT NULL`,
    values: [ids],
  });
  return rows.map((row) => ({ id: row.id, until: row.sendStartedAt.getTime() + IN_DOUBT_MS }));
}
