import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { sendInboxReply } from '@/server/inbox/send-inbox-reply';
import { closeRedis } from '@/server/redis';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

/**
 * Reactions in the inbox (docs/messaging-api.md §13): the customer reacts to our reply and the
 * thread shows it live; the member reacts to the customer's message and the platform gets a
 * `type: reaction` send, once.
 */
let agent: CreatedUser;
let org: { id: string };
let phoneId: string;

test.beforeAll(async () => {
  org = await createOrg({ name: `Reactions ${Math.random().toString(36).slice(2, 8)}` });
  phoneId = (await createConnectedAccount(org.id, { name: 'main' })).phoneId;
  agent = await createUser({ name: 'Rami Agent', memberships: [{ orgId: org.id, role: 'agent' }] });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: agent.id } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

type Sent = { data: Array<{ body: { type?: string; reaction?: { message_id: string; emoji: string } } }> };

const cases = [
  {
    lang: 'en',
    size: 'desktop',
    locale: 'en-US',
    words: { picker: 'React to this message', like: 'React with thumbs up', customer: 'Customer reacted ❤️', team: 'Your team reacted 👍' },
  },
  {
    lang: 'ar',
    size: 'phone',
    locale: 'ar-SA',
    words: { picker: 'التفاعل مع هذه الرسالة', like: 'التفاعل بـ إعجاب', customer: 'تفاعل العميل ❤️', team: 'تفاعل فريقك 👍' },
  },
] as const;

for (const { lang, size, locale, words } of cases) {
  test(`customer and member react, live (${lang}, ${size})`, async ({ browser }) => {
    const viewport = viewports[size];
    const phone = randomPhone();
    const name = `Reacting ${lang}`;
    const question = lang === 'en' ? 'Is my order ready?' : 'هل طلبي جاهز؟';
    await simulator('/_sim/inbound', { phone_id: phoneId, from: phone, text: question, name });
    const contact = await waitFor('the customer', () => db.contact.findFirst({ where: { orgId: org.id, phoneNumber: phone } }));
    const body = lang === 'en' ? 'Ready tomorrow.' : 'جاهز غدًا.';
    const reply = await sendInboxReply(org.id, contact.id, { type: 'text', body }, undefined, agent.id);
    const { wamid } = await waitFor('our reply sent', () => db.message.findFirst({ where: { id: reply.id, wamid: { not: null } } }));

    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    await signInAt(page, `/inbox/${contact.id}`, agent);
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
    const ours = page.getByTestId('message').filter({ hasText: body });
    await expect(ours).toBeVisible();

    // The customer reacts on their phone: the thread shows it without a reload.
    await simulator('/_sim/react', { wamid: wamid!, emoji: '❤️' });
    await expect(ours.getByTestId('reaction').filter({ hasText: words.customer })).toBeVisible();

    // The member reacts to the customer's message from the keyboard-reachable picker.
    const theirs = page.getByTestId('message').filter({ hasText: question });
    await theirs.getByRole('button', { name: words.picker }).click();
    await page.getByRole('button', { name: words.like }).click();
    await expect(theirs.getByTestId('reaction').filter({ hasText: words.team })).toBeVisible();
    await expect
      .poll(async () => (await simulator<Sent>(`/_sim/sent?to=${encodeURIComponent(phone)}`)).data.filter((s) => s.body.type === 'reaction'))
      .toHaveLength(1);
    const [sent] = (await simulator<Sent>(`/_sim/sent?to=${encodeURIComponent(phone)}`)).data.filter((s) => s.body.type === 'reaction');
    const inbound = await db.message.findFirstOrThrow({ where: { contactId: contact.id, direction: 'incoming' } });
    expect(sent?.body.reaction).toEqual({ message_id: inbound.wamid, emoji: '👍' });

    await expectNoHorizontalScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `e2e/artifacts/reactions-${lang}-${viewport.width}.png` });
    await context.close();
  });
}
