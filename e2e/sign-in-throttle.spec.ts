import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { createUser, type CreatedUser } from '@/tests/factories';

// After five wrong passwords the sign-in page says how long to wait, and refuses even the right one.
let user: CreatedUser;

test.beforeAll(async () => {
  user = await createUser();
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: user.id } });
  await db.$disconnect();
});

test('too many wrong passwords: the page asks to wait, naming the time', async ({ page }) => {
  await page.goto('/signin');
  const attempt = async (password: string, message: string | RegExp) => {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Next's route announcer is an (empty) alert too, so pick ours by its text.
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  };
  for (let i = 0; i < 5; i++) await attempt(`wrong-${i}`, 'don’t match an account');
  await attempt(user.password, /Too many failed sign-in attempts\. .*try again in 15 minutes\./);
  await expect(page).toHaveURL(/\/signin$/);
});
