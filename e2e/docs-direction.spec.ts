import { expect, test } from '@playwright/test';

// The developer docs are English: an Arabic browser reads them left to right, so a path keeps
// its leading slash and a sentence ends on the right.
test.use({ locale: 'ar-SA' });

for (const path of ['/docs/errors', '/agent/docs/errors']) {
  test(`${path} reads left to right in an Arabic browser, its Arabic passages right to left`, async ({ page }) => {
    await page.goto(path);
    const content = page.locator('#content');
    await expect(content).toBeVisible();
    expect(await content.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    await expect(content.locator('xpath=..')).toHaveAttribute('lang', 'en');
    const arabic = content.locator('[lang="ar"]').first();
    if ((await arabic.count()) > 0) expect(await arabic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  });
}

test('the widget demo page in Arabic is an Arabic site (right to left) whose English text reads left to right', async ({ page }) => {
  await page.goto('/widget/demo.html?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const text = page.locator('main');
  await expect(text).toHaveAttribute('lang', 'en');
  expect(await text.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
});
