import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { Agent, fetch as undiciFetch } from 'undici';
import { db } from '@/server/db';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { agentCall } from '../agent-factories';
import { appUrl, randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * The demo of issue 19 over the seeded demo data (`npm run demo` seeds the same): account
 * `main` answers with the agent `acme-assistant`. A customer asks where order 1234 is and the
 * AI answers in words with the `order_status` tool's answer from the demo shop; asking for a person gets
 * the escalation reply and a handoff that needs a human; a member claims it, replies, resolves;
 * the customer's next message is the AI's again.
 */
describe('the demo: the bot answers on WhatsApp and hands over to a person', () => {
  let demo: DemoData;
  let key: string;
  let phoneId: string;
  let orgId: string;

  before(async () => {
    demo = await seedDemo();
    key = demo.agent.projects.support.keys.secret_full;
    const account = await db.account.findFirstOrThrow({ where: { name: 'main', organization: { slug: 'acme' } } });
    phoneId = account.phoneId;
    orgId = account.orgId;
  });

  /** The demo shop's order as the order_status tool gets it (the shop's TLS certificate is from the development CA). */
  const shopOrder = async (id: string) => {
    const dispatcher = new Agent({ connect: { ca: readFileSync(process.env.OUTBOUND_EXTRA_CA!) } });
    const res = await undiciFetch(`${process.env.SHOP_URL}/orders/${id}`, { dispatcher });
    return (await res.json()) as { status: string; eta: string };
  };
  const write = (from: string, text: string) => simulator('/_sim/inbound', { phone_id: phoneId, from, text });
  const outgoing = (contactId: string) =>
    db.message.findMany({
      where: { contactId, direction: 'outgoing' },
      orderBy: { createdAt: 'asc' },
      select: { content: true, authorType: true },
    });

  test('order 1234 from the shop, a person on request, and the AI back after resolve', async () => {
    const phone = randomPhone();
    await write(phone, 'Where is order 1234?');
    const contact = await waitFor('the contact', () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
    const [answer] = await waitFor('the AI answer', async () => {
      const rows = await outgoing(contact.id);
      return rows.length > 0 && rows;
    });
    assert.equal(answer!.authorType, 'bot');
    // The shop's answer for the order, in words (the scenario's reply_with_result).
    const order = await shopOrder('1234');
    assert.equal(answer!.content, `Your order 1234 is ${order.status}. Expected delivery date: ${order.eta}.`);

    await write(phone, 'I want to talk to a human');
    const session = await db.agentSession.findFirstOrThrow({ where: { externalId: `wa:${contact.id}` } });
    const handoff = await waitFor('the handoff', () => db.agentHandoff.findFirst({ where: { sessionId: session.id, status: 'open' } }));
    assert.equal(handoff.openedBy, 'model');
    await waitFor('the escalation reply', async () => (await outgoing(contact.id)).length === 2);

    const owner = await db.user.findFirstOrThrow({ where: { email: demo.agent.dashboard.owner.email } });
    const claimed = await agentCall(key, 'POST', `/v1/handoffs/${handoff.id}/claim`, { member_id: owner.id });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    assert.equal((await db.contact.findUniqueOrThrow({ where: { id: contact.id } })).assignedUserId, owner.id, 'one field');

    // The member's reply reaches the customer through messaging; the bot stays silent.
    const reply = await fetch(`${appUrl}/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.orgs.acme.keys.full}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: phone, type: 'text', text: { body: 'Hi, this is Sam. Your order ships tomorrow.' } }),
    });
    assert.equal(reply.status, 201, await reply.clone().text());
    const resolved = await agentCall(key, 'POST', `/v1/sessions/${session.id}/handoff/resolve`, {});
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await write(phone, 'Hello again');
    const [, , staff] = await waitFor('the AI again', async () => {
      const rows = await outgoing(contact.id);
      return rows.length === 4 && rows[3]!.authorType === 'bot' && rows;
    });
    assert.equal(staff!.authorType, 'api');
    assert.equal(
      await db.agentHandoff.count({ where: { sessionId: session.id, status: { in: ['open', 'assigned'] } } }),
      0,
      'the reply did not hand it over again',
    );
  });
});
