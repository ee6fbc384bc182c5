import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { seriousAxeViolations } from './support/axe';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

/**
 * A WhatsApp customer sends a location, a contact card, a sticker and an interactive reply
 * (docs/messaging-api.md §12), through the platform simulator, and the inbox draws each as what
 * it is: a card with a map link, a contact card, the sticker without a bubble, the tapped reply.
 */
let team: InboxTeam;

test.beforeAll(async () => {
  team = await createInboxTeam('Kinds Co', ['Kim Kinds']);
});

test.afterAll(() => team.cleanUp());

/** A 1×1 PNG: the sticker's bytes, which the simulator serves as the platform's media. */
const sticker = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function customerSendsEveryKind(name: string) {
  const phone = randomPhone();
  // The platform (and the simulator) deliver webhooks concurrently: each is received before the next is sent, so the thread's order is known.
  const send = async (body: Record<string, unknown>) => {
    const { wamid } = await simulator<{ wamid: string }>('/_sim/inbound', { phone_id: team.account.phoneId, from: phone, name, ...body });
    await waitFor(`message ${wamid}`, () => db.message.findUnique({ where: { wamid } }));
  };
  await send({
    type: 'location',
    kind: { location: { latitude: 24.7136, longitude: 46.6753, name: 'Kingdom Centre', address: 'Olaya St, Riyadh' } },
  });
  await send({
    type: 'contacts',
    kind: {
      contacts: [
        {
          name: { formatted_name: 'John Smith' },
          phones: [{ phone: '+1 (940) 555-1234', wa_id: '19405551234' }],
          emails: [{ email: 'john@example.com' }],
        },
      ],
    },
  });
  await send({ type: 'sticker', media: { data_base64: sticker, mime_type: 'image/png', animated: false } });
  await send({
    type: 'interactive',
    kind: { interactive: { type: 'button_reply', button_reply: { id: 'track-order', title: 'Track my order' } } },
  });
  const contact = await waitFor('the four messages', async () => {
    const c = await db.contact.findFirst({
      where: { orgId: team.org.id, phoneNumber: phone },
      include: { _count: { select: { messages: true } } },
    });
    return c && c._count.messages === 4 && c;
  });
  await waitFor('the sticker’s media', () => db.message.findFirst({ where: { contactId: contact.id, type: 'image', hasMedia: true } }));
  return contact;
}

const cases = [
  {
    lang: 'en',
    locale: 'en-US',
    viewport: viewports.desktop,
    name: 'Layla Locations',
    openMap: 'Open in Google Maps',
    tapped: 'Tapped a reply button',
  },
  { lang: 'ar', locale: 'ar-SA', viewport: viewports.phone, name: 'ليلى المواقع', openMap: 'فتح في خرائط Google', tapped: 'نقر زر رد' },
] as const;

for (const c of cases) {
  test(`the thread draws a location, a contact card, a sticker and a tapped reply (${c.lang}, ${c.viewport.width})`, async ({
    browser,
  }, testInfo) => {
    const contact = await customerSendsEveryKind(c.name);
    const context = await browser.newContext({ locale: c.locale, viewport: c.viewport });
    const page = await context.newPage();
    await signInAt(page, `/inbox/${contact.id}`, team.agents[0]!);

    const location = page.locator('[data-kind="location"]');
    await expect(location).toContainText('Kingdom Centre');
    await expect(location).toContainText('Olaya St, Riyadh');
    await expect(location.getByRole('link', { name: c.openMap })).toHaveAttribute('href', 'https://www.google.com/maps?q=24.7136,46.6753');

    const card = page.locator('[data-kind="contact"]');
    await expect(card).toContainText('John Smith');
    await expect(card.getByRole('link', { name: '+1 (940) 555-1234' })).toHaveAttribute('href', 'tel:+19405551234');
    await expect(card.getByRole('link', { name: 'john@example.com' })).toHaveAttribute('href', 'mailto:john@example.com');

    const stickerImage = page.locator('[data-kind="sticker"] img');
    await expect(stickerImage).toBeVisible();
    await expect.poll(() => stickerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    const reply = page.locator('[data-kind="reply"]');
    await expect(reply).toContainText(c.tapped);
    await expect(reply).toContainText('Track my order');

    // In the order they arrived, though they may share one platform second.
    await expect
      .poll(() => page.locator('[data-kind]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-kind'))))
      .toEqual(['location', 'contact', 'sticker', 'reply']);

    await expectNoHorizontalScroll(page);
    expect(await seriousAxeViolations(page), 'the thread with every kind').toEqual([]);
    await page.mouse.move(0, 0);
    const shot = `inbound-kinds-${c.lang}-${c.viewport.width}`;
    await testInfo.attach(shot, { body: await page.screenshot({ path: `e2e/artifacts/${shot}.png` }), contentType: 'image/png' });
    await context.close();
  });
}
