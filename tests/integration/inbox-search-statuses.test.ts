import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { countInboxConversations, listInboxConversations } from '@/server/inbox/list-inbox-conversations';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';

/**
 * The inbox's search in every status: the status tabs count the matching conversations of each,
 * and each result carries the newest matching message, cut around the match, to open it at.
 * (inbox-search.test.ts covers the bounded window at a thousand conversations.)
 */
let orgId: string;
const ids = { open: '', snoozed: '', resolved: '', other: '' };
const messageIds: Record<string, string> = {};
const minute = 60_000;

before(async () => {
  orgId = (await createOrg()).id;
  const account = await createConnectedAccount(orgId);
  const now = Date.now();
  const rows = [
    { key: 'open', status: 'open' as const, texts: ['Is the invoice ready?', 'Thanks!'] },
    { key: 'snoozed', status: 'snoozed' as const, texts: ['Please send the INVOICE again'] },
    {
      key: 'resolved',
      status: 'resolved' as const,
      texts: [
        `${'A long story about the order and the delivery and everything around it. '.repeat(3)}Then the invoice came, and it was wrong again.`,
      ],
    },
    { key: 'other', status: 'open' as const, texts: ['Where is my parcel?'] },
  ];
  for (const [i, row] of rows.entries()) {
    const id = newId('contact');
    ids[row.key as keyof typeof ids] = id;
    await db.contact.create({
      data: {
        id,
        orgId,
        accountId: account.id,
        phoneNumber: `+1666${String(i).padStart(7, '0')}`,
        name: `Searcher ${i}`,
        lastMessageAt: new Date(now - i * minute),
        lastMessagePreview: row.texts.at(-1) ?? '',
        conversationStatus: row.status,
        snoozedUntil: row.status === 'snoozed' ? new Date(now + 3_600_000) : null,
      },
    });
    for (const [j, content] of row.texts.entries()) {
      const messageId = newId('message');
      if (j === 0) messageIds[row.key] = messageId;
      await db.message.create({
        data: {
          id: messageId,
          orgId,
          contactId: id,
          accountId: account.id,
          direction: 'incoming',
          type: 'text',
          status: 'delivered',
          content,
          createdAt: new Date(now - i * minute - (row.texts.length - j) * 1000),
        },
      });
    }
  }
});

after(async () => {
  await db.organization.delete({ where: { id: orgId } });
  await db.$disconnect();
});

const filters = { userId: 'usr_search', filter: 'all' as const };

test('the status tabs count the conversations whose messages match, in each status', async () => {
  assert.deepEqual(await countInboxConversations(orgId, { ...filters, search: 'invoice' }), { open: 1, snoozed: 1, resolved: 1, capped: false });
  assert.deepEqual(await countInboxConversations(orgId, { ...filters, search: 'parcel' }), { open: 1, snoozed: 0, resolved: 0, capped: false });
  // A name or number search too short for message text counts by name and number.
  assert.deepEqual(await countInboxConversations(orgId, { ...filters, search: 'Se' }), { open: 2, snoozed: 1, resolved: 1, capped: false });
  // No search: every conversation.
  assert.deepEqual(await countInboxConversations(orgId, filters), { open: 2, snoozed: 1, resolved: 1, capped: false });
});

test('each result shows the matching message, cut around the match, in whichever status it is', async () => {
  const list = (status: 'open' | 'snoozed' | 'resolved') =>
    listInboxConversations(orgId, { ...filters, status, limit: 30, search: 'invoice' }).then((page) => page.data);

  const [open] = await list('open');
  assert.equal(open?.contactId, ids.open);
  assert.deepEqual(open?.match, { messageId: messageIds.open, before: 'Is the ', match: 'invoice', after: ' ready?' });

  const [snoozed] = await list('snoozed');
  assert.deepEqual(snoozed?.match, { messageId: messageIds.snoozed, before: 'Please send the ', match: 'INVOICE', after: ' again' });

  const [resolved] = await list('resolved');
  assert.equal(resolved?.match?.messageId, messageIds.resolved);
  assert.equal(resolved?.match?.match, 'invoice');
  assert.ok(resolved?.match?.before.startsWith('…'), 'a long message is cut before the match');
  assert.ok((resolved?.match?.before.length ?? 0) < 50);
});

test('a result found by name has no message snippet; without a search there is none either', async () => {
  const [byName] = (await listInboxConversations(orgId, { ...filters, status: 'open', limit: 30, search: 'Searcher 3' })).data;
  assert.equal(byName?.contactId, ids.other);
  assert.equal(byName?.match, null);
  const page = await listInboxConversations(orgId, { ...filters, status: 'open', limit: 30 });
  assert.ok(page.data.every((c) => c.match === null));
});
