import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { createTemplate } from '@/server/templates/create-template';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// Templates → New template (docs/messaging-api.md §11): written beside a WhatsApp-like preview,
// submitted to the simulator, whose review approves or rejects it and tells us by webhook.
let marketer: CreatedUser;
let orgId: string;

test.beforeAll(async () => {
  orgId = (await createOrg({ name: 'Olive Grove' })).id;
  await createConnectedAccount(orgId, { name: 'olive-main' });
  marketer = await createUser({ memberships: [{ orgId, role: 'marketer' }] });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: marketer.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

test('a marketer writes a template, sees it approved live, fixes a rejected one and resubmits it, copies and deletes', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/templates', marketer);
  await expect(page.getByText('No templates yet.')).toBeVisible();

  // A template with named variables, its examples in the preview.
  const name = unique('order_ready');
  await page.getByRole('link', { name: 'New template' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Message text').fill('Hi {{first_name}}, your order {{order_id}} is ready for pickup.');
  await page.getByLabel('Example for {{first_name}}').fill('Sam');
  await page.getByLabel('Example for {{order_id}}').fill('A-1001');
  await page.getByLabel('Footer text').fill('Olive Grove');
  await page.getByRole('button', { name: '+ Quick reply' }).click();
  await page.getByLabel('Button label').fill('Thanks!');
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('Hi Sam, your order A-1001 is ready for pickup.');
  await expect(preview).toContainText('Thanks!');
  await page.getByRole('radio', { name: 'Right to left' }).click();
  await expect(preview).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'Submit for review' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('template-status')).toHaveText(/In review|Approved/);
  await expect(page.getByTestId('template-status')).toHaveText('Approved', { timeout: 20_000 });

  // The same name again is refused in words.
  await page.goto('/templates/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Message text').fill('Hello again, your order is ready.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('template-error')).toContainText('already exists');

  // Adjacent variables: the form warns, the review rejects, the reason is shown in words.
  const shaky = unique('welcome');
  await page.getByLabel('Name', { exact: true }).fill(shaky);
  await page.getByLabel('Message text').fill('Welcome {{first_name}}{{last_name}} to the club.');
  await page.getByLabel('Example for {{first_name}}').fill('Sam');
  await page.getByLabel('Example for {{last_name}}').fill('Lee');
  await expect(page.getByRole('alert').filter({ hasText: 'Two variables are next to each other.' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { name: shaky })).toBeVisible();
  await expect(page.getByTestId('template-status')).toHaveText('Rejected', { timeout: 20_000 });
  await expect(page.getByTestId('template-reason')).toHaveText(/Rejected for its format/);
  await expect(page.getByTestId('template-detail-words')).toContainText('next to each other');

  await page.getByRole('link', { name: 'Fix and resubmit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shaky);
  await page.getByLabel('Message text').fill('Welcome {{first_name}} of the {{last_name}} family, glad to have you in the club.');
  await page.getByRole('button', { name: 'Resubmit for review' }).click();
  await expect(page.getByTestId('template-status')).toHaveText('Approved', { timeout: 20_000 });

  // Copied into Arabic: the builder starts from it, the preview reads right to left.
  await page.getByRole('link', { name: 'Copy into another language' }).click();
  await page.getByLabel('Language code').fill('ar');
  await expect(page.getByTestId('template-preview')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('Message text').fill('أهلًا {{first_name}} من عائلة {{last_name}}، يسعدنا انضمامك إلى النادي.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { name: shaky })).toBeVisible();
  await expect(page.getByText('ar', { exact: true })).toBeVisible();

  // Deleted: gone from the list, the other language stays.
  await page.getByRole('button', { name: 'Delete template' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete template' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('row', { name: new RegExp(shaky) })).toHaveCount(1);
  expect(await db.template.count({ where: { orgId, name: shaky } })).toBe(1);
});

test('the templates pages in Arabic on a phone: right to left, inside the screen, axe-clean', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-SA', viewport: viewports.phone });
  const page = await context.newPage();
  await signInAt(page, '/templates/new', marketer);
  await expect(page.getByRole('heading', { name: 'قالب جديد', level: 1 })).toBeVisible();
  await page.getByLabel('نص الرسالة').fill('مرحبًا {{first_name}}، طلبك {{order_id}} جاهز للاستلام من متجرنا.');
  await page.getByLabel('الترويسة', { exact: true }).selectOption('IMAGE');
  await page.getByRole('button', { name: '+ موقع' }).click();
  await expect(page.getByTestId('template-preview')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('radio', { name: 'من اليمين إلى اليسار' }).click();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/templates');
  await expect(page.getByRole('heading', { name: 'قوالب الرسائل' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const template = await createTemplate(orgId, {
    name: unique('phone_check'),
    language: 'ar',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    body: { text: 'مرحبًا {{first_name}}، طلبك جاهز.', examples: { first_name: 'سارة' } },
    buttons: [{ type: 'QUICK_REPLY', text: 'شكرًا' }],
  });
  await page.goto(`/templates/${template.id}`);
  await expect(page.getByTestId('template-status')).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.close();
});
