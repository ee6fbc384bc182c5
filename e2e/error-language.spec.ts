import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';

/** A refusal written by the server reads in the user's language: the details in English, its code's words in Arabic. */
let user: CreatedUser;
let orgId: string;

test.beforeAll(async () => {
  orgId = (await createOrg()).id;
  user = await createUser({ name: 'Rana Refused', memberships: [{ orgId, role: 'admin' }] });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: user.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

for (const { locale, label, shortcut, add, refusal } of [
  { locale: 'en-US', label: 'Email', shortcut: 'Shortcut', add: 'Add reply', refusal: 'The team already has a saved reply /dup-en.' },
  {
    locale: 'ar-SA',
    label: 'البريد الإلكتروني',
    shortcut: 'الاختصار',
    add: 'إضافة رد',
    refusal: 'إحدى القيم غير صالحة. تحقق مما أدخلته وحاول مرة أخرى.',
  },
]) {
  test(`a duplicate saved reply is refused in ${locale}`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/signin?callbackUrl=%2Fsettings');
    await page.getByLabel(label).fill(user.email);
    await page.locator('input[type=password]').fill(user.password);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/settings/);
    const name = locale === 'en-US' ? 'dup-en' : 'dup-ar';
    for (let i = 0; i < 2; i++) {
      await page.getByLabel(shortcut).fill(name);
      await page.locator('#saved-replies textarea').fill('Same shortcut twice');
      await page.getByRole('button', { name: add }).click();
      // The first is saved (the form empties); the second is refused.
      if (i === 0) await expect(page.getByLabel(shortcut)).toHaveValue('');
    }
    await expect(page.locator('#saved-replies li').filter({ hasText: `/${name}` })).toHaveCount(1);
    await expect(page.locator('#saved-replies [role=alert]')).toHaveText(refusal);
    await context.close();
  });
}
