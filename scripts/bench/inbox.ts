import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { encodeCursor } from '@/server/api/paging';
import { config } from '@/server/config';
import { listConversationMessages } from '@/server/conversations/list-conversation-messages';
import { listConversations } from '@/server/conversations/list-conversations';
import { listInboxConversations } from '@/server/inbox/list-inbox-conversations';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';

/**
 * `npm run bench:inbox`: seeds one organization with 100,000 conversations and 1,000,000
 * messages (set-based INSERT … SELECT generate_series, no round trip per row), then times the
 * domain functions behind GET /v1/conversations and GET /v1/conversations/{id}/messages (the
 * inbox uses the same queries), and the inbox's search, which also finds message text: a rare
 * order number, and a word every message holds. Target: p95 under 50 ms each. The organization
 * is deleted after.
 */
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const PER_CONTACT = Number(process.env.BENCH_MESSAGES_PER_CONTACT ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function seed(client: pg.Client, orgId: string, accountId: string) {
  const tag = orgId.slice(-8);
  await client.query(
    `INSERT INTO contacts (id, org_id, account_id, phone_number, name, tags, last_inbound_at, last_message_at, last_message_preview, unread, updated_at)
     SELECT 'ct_' || $2 || lpad(i::text, 14, '0'), $1, $3, '+1555' || lpad(i::text, 7, '0'), 'Customer ' || i,
            CASE WHEN i % 10 = 0 THEN ARRAY['vip'] ELSE ARRAY[]::text[] END,
            now() - (i * 10 || ' seconds')::interval, now() - (i * 10 || ' seconds')::interval, 'message ' || i, i % 7 = 0, now()
     FROM generate_series(1, $4::int) AS i`,
    [orgId, tag, accountId, CONTACTS],
  );
  await client.query(
    `INSERT INTO messages (id, org_id, contact_id, account_id, direction, type, status, content, created_at, updated_at)
     SELECT 'msg_' || $2 || lpad((i * 100 + k)::text, 14, '0'), $1, 'ct_' || $2 || lpad(i::text, 14, '0'), $3,
            (CASE WHEN k % 2 = 0 THEN 'incoming' ELSE 'outgoing' END)::"MessageDirection", 'text', 'delivered',
            'message ' || k || ' about order A' || (i * 10 + k), now() - ((i * 10 + k) || ' seconds')::interval, now()
     FROM generate_series(1, $4::int) AS i, generate_series(0, $5::int - 1) AS k`,
    [orgId, tag, accountId, CONTACTS, PER_CONTACT],
  );
  await client.query('ANALYZE contacts; ANALYZE messages;');
}

async function measure(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(); // warm the connection pool and caches
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(`${name.padEnd(34)} p50 ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms`);
  return Number(at(0.95));
}

const client = new pg.Client({ connectionString: config.DATABASE_URL });
await client.connect();
const org = await db.organization.create({ data: { id: newId('organization'), name: 'Inbox bench', slug: `inbox-bench-${Date.now()}` } });
try {
  const portfolio = await db.businessPortfolio.create({
    data: { id: newId('portfolio'), orgId: org.id, name: 'Bench', wabaId: `bench-${org.id}` },
  });
  const account = await db.account.create({
    data: {
      id: newId('account'),
      orgId: org.id,
      portfolioId: portfolio.id,
      name: 'main',
      phoneId: `bench-${org.id}`,
      displayPhoneNumber: '+1 555 000',
    },
  });
  const start = performance.now();
  await seed(client, org.id, account.id);
  console.log(
    `seeded ${CONTACTS.toLocaleString('en')} contacts and ${(CONTACTS * PER_CONTACT).toLocaleString('en')} messages in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
  );

  const deep = await db.contact.findFirstOrThrow({
    where: { orgId: org.id },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    skip: Math.floor(CONTACTS * 0.8),
    select: { id: true, lastMessageAt: true },
  });
  const deepCursor = encodeCursor('conversations', { at: deep.lastMessageAt as Date, id: deep.id });
  const thread = deep.id;
  const inboxSearch = (search: string) =>
    listInboxConversations(org.id, { userId: 'usr_bench', filter: 'all', status: 'open', limit: 30, search });
  const results = [
    await measure('conversations, first page', () => listConversations(org.id, { limit: 50 })),
    await measure('conversations, search by name', () => listConversations(org.id, { limit: 50, search: 'customer 4242' })),
    await measure('conversations, search by digits', () => listConversations(org.id, { limit: 50, search: '+1555004242' })),
    await measure('conversations, deep cursor (80%)', () => listConversations(org.id, { limit: 50, cursor: deepCursor })),
    await measure('conversations, account filter', () => listConversations(org.id, { limit: 50, account: 'main' })),
    await measure("a thread's first page", () => listConversationMessages(org.id, thread, { limit: 50 })),
    await measure('inbox, search a name', () => inboxSearch('customer 4242')),
    await measure('inbox, search message text (rare)', () => inboxSearch('A424242')),
    await measure('inbox, search message text (common)', () => inboxSearch('order')),
    await measure('inbox, search that finds nothing', () => inboxSearch('no such words')),
  ];
  console.log(results.every((p95) => p95 < 50) ? '\nall p95 under 50 ms' : '\nsome p95 over 50 ms');
} finally {
  await db.organization.delete({ where: { id: org.id } });
  await client.end();
  await db.$disconnect();
}
