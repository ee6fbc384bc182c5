import { db, Prisma } from '@/server/db';
import { rangeSql, type ReportRange } from './report-range';

export interface DeliveryCounts {
  /** Outgoing messages the platform accepted. */
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

export interface DeliveryRates {
  accounts: Array<DeliveryCounts & { id: string; name: string; phone: string }>;
  templates: Array<DeliveryCounts & { id: string; name: string; language: string; account: string }>;
}

/**
 * How many outgoing messages of the range were delivered and read, per account (number) and
 * per template; the page turns them into rates (delivered ÷ sent, read ÷ delivered).
 */
export async function readDeliveryRates(orgId: string, range: ReportRange): Promise<DeliveryRates> {
  const { since } = rangeSql(range);
  const counts = Prisma.sql`
    count(*) FILTER (WHERE m.sent_at IS NOT NULL OR m.delivered_at IS NOT NULL OR m.read_at IS NOT NULL)::int AS sent,
    count(*) FILTER (WHERE m.delivered_at IS NOT NULL OR m.read_at IS NOT NULL)::int AS delivered,
    count(*) FILTER (WHERE m.read_at IS NOT NULL)::int AS read,
    count(*) FILTER (WHERE m.status = 'failed')::int AS failed`;
  const outgoing = Prisma.sql`m.account_id IN (SELECT id FROM accounts WHERE org_id = ${orgId}) AND m.direction = 'outgoing' AND m.created_at >= ${since}`;
  // Raw SQL: conditional counts (FILTER) grouped with the account's and template's names in
  // one pass over the range's messages; the ORM would need a query per count.
  const [accounts, templates] = await Promise.all([
    db.$queryRaw<DeliveryRates['accounts']>(Prisma.sql`
      SELECT a.id, a.name, a.display_phone_number AS phone, ${counts}
      FROM messages m JOIN accounts a ON a.id = m.account_id
      WHERE ${outgoing}
      GROUP BY a.id ORDER BY sent DESC, a.name`),
    db.$queryRaw<DeliveryRates['templates']>(Prisma.sql`
      SELECT t.id, t.name, t.language, a.name AS account, ${counts}
      FROM messages m JOIN templates t ON t.id = m.template_id JOIN accounts a ON a.id = t.account_id
      WHERE ${outgoing}
      GROUP BY t.id, a.name ORDER BY sent DESC, t.name, t.language
      LIMIT 50`),
  ]);
  return { accounts, templates };
}
