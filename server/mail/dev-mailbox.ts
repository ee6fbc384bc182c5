import { randomUUID } from 'node:crypto';
import { getRedis, redisKey } from '@/server/redis';
import type { Mail } from './mail';

/**
 * Where mail goes without SMTP_URL when DEV_MAILBOX is on (development, tests, `npm run demo`):
 * the newest mails in one Redis list, shown at /dev/mailbox for a person trying the product.
 */
const KEPT = 50;
const mailboxKey = () => redisKey('dev-mailbox');

export interface KeptMail extends Mail {
  id: string;
  sentAt: string;
}

export async function keepInDevMailbox(mail: Mail, now = new Date()): Promise<KeptMail> {
  const kept: KeptMail = { id: randomUUID(), sentAt: now.toISOString(), ...mail };
  await getRedis()
    .multi()
    .lpush(mailboxKey(), JSON.stringify(kept))
    .ltrim(mailboxKey(), 0, KEPT - 1)
    .exec();
  return kept;
}

/** The kept mails, newest first. */
export async function listDevMailbox(): Promise<KeptMail[]> {
  const rows = await getRedis().lrange(mailboxKey(), 0, KEPT - 1);
  return rows.map((row) => JSON.parse(row) as KeptMail);
}
