import { expect, test, type Page } from '@playwright/test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { appUrl, randomPhone, simulator, simulatorUrl } from '@/tests/support/stack';
import { simKey } from '@/tests/agent-factories';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { useOpenSignUp } from './support/open-sign-up';

// Going live from nothing (docs/going-live.md), as a new business would: sign up, connect a number
// through Embedded Signup and another by hand, write a template and see it approved, bind the AI
// agent to the number, and a customer's message answered by it in the inbox. Then the ways it goes
// wrong, in Arabic on a phone: a cancelled popup, a wrong PIN, a rejected template, an expired
// token that leaves the number needing attention until it is reconnected.
const { base, newEmail } = useOpenSignUp(Number(new URL(appUrl).port) + 54, 'web-journey');

/** A business made through the popup's own calls (no browser), with a number whose PIN is set, and a token for it. */
async function businessWithPin(name: string, pin: string) {
  await simulator('/_sim/signup/next', { business_name: name, pin });
  const query = new URLSearchParams({ app_id: config.PLATFORM_APP_ID, config_id: config.PLATFORM_SIGNUP_CONFIG_ID, origin: base });
  const session = /data-session="([^"]+)"/.exec(await (await fetch(`${simulatorUrl}/embedded-signup?${query}`)).text())![1];
  const { message } = await simulator<{ message: string }>('/embedded-signup/finish', { session });
  const { data } = JSON.parse(message) as { data: { waba_id: string; phone_number_id: string } };
  const { access_token } = await simulator<{ access_token: string }>('/_sim/tokens', { waba_ids: [data.waba_id] });
  return { wabaId: data.waba_id, phoneNumberId: data.phone_number_id, token: access_token };
}

async function signUp(page: Page, labels: [string, string, string, string, string], organization: string) {
  await page.goto(`${base}/signin`);
  await page.getByRole('link', { name: labels[4] === 'Create account' ? 'Create an account' : 'أنشئ حسابًا' }).click();
  await page.getByLabel(labels[0]).fill('Rana Founder');
  await page.getByLabel(labels[1]).fill(newEmail('journey'));
  await page.getByLabel(labels[2]).fill('a long enough password');
  await page.getByLabel(labels[3]).fill(organization);
  await page.getByRole('button', { name: labels[4] }).click();
  await expect(page).toHaveURL(/\/get-started$/);
  return (await db.organization.findFirstOrThrow({ where: { name: organization }, orderBy: { createdAt: 'desc' } })).id;
}

test('from sign-up to the AI agent answering the first customer (1440 px, English)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(viewports.desktop);
  const orgId = await signUp(page, ['Your name', 'Email', 'Password', 'Organization', 'Create account'], `Rana Bakery ${Date.now()}`);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  // A number through Embedded Signup.
  await page.goto(`${base}/settings`);
  await page.getByRole('button', { name: 'Connect a number' }).click();
  await page.getByLabel('Two-step verification PIN').fill('246810');
  await simulator('/_sim/signup/next', { business_name: 'Rana Bakery Main' });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Embedded Signup' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rana-bakery-main is connected.' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /rana-bakery-main/ })).toContainText('Connected');

  // A second number by hand.
  const second = await businessWithPin('Rana Bakery Annex', '135790');
  await page.getByRole('button', { name: 'Connect a number' }).click();
  await page.getByLabel('Two-step verification PIN').fill('135790');
  await page.getByRole('button', { name: 'Enter ids and token instead' }).click();
  await page.getByLabel('WhatsApp business account id').fill(second.wabaId);
  await page.getByLabel('Phone number id').fill(second.phoneNumberId);
  await page.getByLabel('System user access token').fill(second.token);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('row', { name: /rana-bakery-annex/ })).toContainText('Connected');

  // A template, approved live.
  await page.goto(`${base}/templates/new`);
  await page.getByLabel('Number').selectOption('rana-bakery-main');
  await page.getByLabel('Name', { exact: true }).fill('order_ready');
  await page.getByLabel('Message text').fill('Hi {{first_name}}, your bread is ready for pickup today.');
  await page.getByLabel('Example for {{first_name}}').fill('Sam');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('template-status')).toHaveText('Approved', { timeout: 20_000 });

  // The AI agent: a model, a provider key, the number bound, published.
  await page.goto(`${base}/agents`);
  await page.getByLabel('Project name').fill('Customer care');
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('button', { name: 'New agent' }).click();
  await page.getByLabel('Agent name', { exact: true }).fill('Bakery helper');
  await page.getByLabel('Model', { exact: true }).selectOption('sim/steady');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/agents\/agt_/);
  const agentUrl = new URL(page.url()).pathname;
  await page.getByTestId('readiness').getByRole('link', { name: 'Add a provider key' }).click();
  await page.getByRole('button', { name: 'Add a provider key' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Main OpenAI');
  await page.getByLabel('API key', { exact: true }).fill(simKey());
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('row', { name: /Main OpenAI/ }).getByText('Valid')).toBeVisible();
  await page.goto(`${base}${agentUrl}`);
  await page.getByRole('checkbox', { name: /rana-bakery-main/ }).check();
  await page.getByLabel('Instructions', { exact: true }).fill('You answer the bakery’s customers.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 published.' })).toBeVisible();

  // A customer writes to the number; the agent's answer is in the inbox.
  const main = await db.account.findFirstOrThrow({ where: { orgId, name: 'rana-bakery-main' } });
  await simulator('/_sim/inbound', { phone_id: main.phoneId, from: randomPhone(), text: 'Is the sourdough ready?' });
  await page.goto(`${base}/inbox`);
  const conversation = page.getByTestId('conversation').filter({ hasText: 'Is the sourdough ready?' });
  await expect(conversation).toBeVisible({ timeout: 35_000 });
  await conversation.click();
  await expect(page.getByText('You said: Is the sourdough ready?').first()).toBeVisible({ timeout: 30_000 });

  await page.goto(`${base}/get-started`);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
});

test('what goes wrong, in Arabic on a phone: a cancelled popup, a wrong PIN, a rejected template, an expired token and the reconnect', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ locale: 'ar-SA', viewport: viewports.phone });
  const page = await context.newPage();
  await signUp(page, ['اسمك', 'البريد الإلكتروني', 'كلمة المرور', 'المؤسسة', 'إنشاء الحساب'], `مخبز رنا ${Date.now()}`);

  // The popup closed before it finished: nothing connected, and it says so.
  await page.goto(`${base}/settings`);
  await page.getByRole('button', { name: 'ربط رقم' }).click();
  await page.getByLabel('رمز PIN للتحقق بخطوتين').fill('246810');
  const cancelled = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'المتابعة بالتسجيل المضمّن' }).click();
  await (await cancelled).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'أُغلقت نافذة التسجيل' })).toBeVisible();

  // By hand with a wrong PIN, then the retry with the right one.
  const business = await businessWithPin('Rana Kiosk', '111111');
  await page.getByRole('button', { name: 'إدخال المعرّفات والرمز بدلًا من ذلك' }).click();
  await page.getByLabel('معرّف حساب واتساب للأعمال').fill(business.wabaId);
  await page.getByLabel('معرّف رقم الهاتف').fill(business.phoneNumberId);
  await page.getByLabel('رمز وصول مستخدم النظام').fill(business.token);
  await page.getByRole('button', { name: 'ربط', exact: true }).click();
  await expect(page.getByRole('button', { name: 'أعد المحاولة بهذا الرمز' })).toBeVisible();
  await page.getByLabel('رمز PIN للتحقق بخطوتين').fill('111111');
  await page.getByRole('button', { name: 'أعد المحاولة بهذا الرمز' }).click();
  const row = page.getByRole('row', { name: /rana-kiosk/ });
  await expect(row).toContainText('متصل');
  await expectNoHorizontalScroll(page);

  // A template the review rejects: its reason in words.
  await page.goto(`${base}/templates/new`);
  await page.getByLabel('الاسم', { exact: true }).fill('welcome_offer');
  await page.getByLabel('نص الرسالة').fill('أهلًا {{first_name}}{{last_name}} في مخبزنا.');
  await page.getByLabel('مثال لـ {{first_name}}').fill('سارة');
  await page.getByLabel('مثال لـ {{last_name}}').fill('علي');
  await page.getByRole('button', { name: 'إرسال للمراجعة' }).click();
  await expect(page.getByTestId('template-status')).toHaveText('مرفوض', { timeout: 20_000 });
  await expect(page.getByTestId('template-reason')).toHaveText(/رُفض بسبب تنسيقه/);
  await expectNoHorizontalScroll(page);

  // The token expires; the next platform call finds out, and the number needs attention until reconnected.
  await simulator(`/_sim/tokens/${encodeURIComponent(business.token)}`, { expire: true });
  await page.goto(`${base}/settings`);
  await row.getByRole('button', { name: /مزامنة القوالب الآن/ }).click();
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('يحتاج إلى انتباه', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('رفضت المنصة رمز الوصول');

  const fresh = await simulator<{ access_token: string }>('/_sim/tokens', { waba_ids: [business.wabaId] });
  await row.getByRole('button', { name: /إعادة ربط/ }).click();
  await expect(page.getByRole('heading', { name: /إعادة ربط/ })).toBeVisible();
  await expect(page.getByLabel('معرّف حساب واتساب للأعمال')).toHaveValue(business.wabaId);
  await page.getByLabel('رمز PIN للتحقق بخطوتين').fill('111111');
  await page.getByLabel('رمز وصول مستخدم النظام').fill(fresh.access_token);
  await page.getByRole('button', { name: 'ربط', exact: true }).click();
  await expect(row).toContainText('متصل');
  await expect(row).not.toContainText('يحتاج إلى انتباه');
  await expectNoHorizontalScroll(page);
  await context.close();
});
