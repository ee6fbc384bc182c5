import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { countInboxConversations, listInboxConversations } from '@/server/inbox/list-inbox-conversations';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';

/**
 * The inbox's search also finds message text, whether the term is common (found among the
 * newest conversations) or rare (listed from the trigram index, past the newest thousand).
 */
let orgId: string;
const CONVERSATIONS = 1_100;
const minute = 60_000;
const contactIds: string[] = [];

before(async () => {
  orgId = (await createOrg()).id;
  const account = await createConnectedAccount(orgId);
  const now = Date.now();
  for (let i = 0; i < CONVERSATIONS; i++) contactIds.push(newId('contact'));
  await db.contact.createMany({
    data: contactIds.map((id, i) => ({
      id,
      orgId,
      accountId: account.id,
      phoneNumber: `+1555${String(i).padStart(7, '0')}`,
      name: `Customer ${i}`,
      lastMessageAt: new Date(now - i * minute),
      lastMessagePreview: 'hi',
    })),
  });
  await db.message.createMany({
    data: contactIds.map((contactId, i) => ({
      id: newId('message'),
      orgId,
      contactId,
      accountId: account.id,
      direction: 'incoming' as const,
      type: 'text' as const,
      status: 'delivered' as const,
      // Every message says "parcel"; the oldest conversation alone mentions a refund, in any case.
      content: i === CONVERSATIONS - 1 ? 'Where is my REFUND for the parcel? 100% late' : `Is my parcel number ${i} on its way?`,
      createdAt: new Date(now - i * minute),
    })),
  });
});

after(async () => {
  await db.organization.delete({ where: { id: orgId } });
  await db.$disconnect();
});

const search = async (text: string, cursor?: string) =>
  listInboxConversations(orgId, { userId: 'usr_search', filter: 'all', status: 'open', limit: 30, search: text, cursor });

test('a rare word in an old conversation is found past the newest thousand, in any case', async () => {
  const page = await search('refund');
  assert.deepEqual(
    page.data.map((c) => c.contactId),
    [contactIds[CONVERSATIONS - 1]],
  );
  assert.equal(page.has_more, false);
});

test('a common word fills pages newest first, and the cursor continues without overlap', async () => {
  const first = await search('parcel');
  assert.deepEqual(
    first.data.map((c) => c.contactId),
    contactIds.slice(0, 30),
  );
  assert.equal(first.has_more, true);
  const second = await search('parcel', first.next_cursor ?? undefined);
  assert.deepEqual(
    second.data.map((c) => c.contactId),
    contactIds.slice(30, 60),
  );
});

test("names and numbers still match; wildcards are literal; another tenant's messages are not searched", async () => {
  assert.deepEqual(
    (await search('customer 1099')).data.map((c) => c.contactId),
    [contactIds[1099]],
  );
  assert.deepEqual(
    (await search('+1555 000 1042')).data.map((c) => c.contactId),
    [contactIds[1042]],
  );
  assert.deepEqual(
    (await search('100%')).data.map((c) => c.contactId),
    [contactIds[CONVERSATIONS - 1]],
  );
  assert.equal((await search('%_%')).data.length, 0);
  const other = await createOrg();
  try {
    assert.equal((await listInboxConversations(other.id, { userId: 'u', filter: 'all', limit: 30, search: 'refund' })).data.length, 0);
  } finally {
    await db.organization.delete({ where: { id: other.id } });
  }
});

test('the tabs count a common word within the newest thousand and say there may be more; a rare word exactly', async () => {
  const counts = (text: string) => countInboxConversations(orgId, { userId: 'usr_search', filter: 'all', search: text });
  assert.deepEqual(await counts('parcel'), { open: 1_000, snoozed: 0, resolved: 0, capped: true });
  assert.deepEqual(await counts('refund'), { open: 1, snoozed: 0, resolved: 0, capped: false });
});
