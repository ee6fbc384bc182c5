import { expect, test } from '@playwright/test';
import { createKeyRing, encryptWithRing } from '@/server/secrets/key-ring';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { closeRedis } from '@/server/redis';
import { createAgent, createAgentProject } from '@/tests/agent-factories';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// A provider key stored under a CREDENTIALS_SECRET the service no longer has (README, "Secrets"):
// the owner is told to enter it again, on the agent and on the Provider keys page.
let owner: CreatedUser;
let org: { id: string };
let project: { id: string };
let agent: { id: string };

test.beforeAll(async () => {
  org = await createOrg({ name: `Rotated Co ${Math.random().toString(36).slice(2, 8)}` });
  owner = await createUser({ name: 'Rana Owner', memberships: [{ orgId: org.id, role: 'owner' }] });
  project = await createAgentProject(org.id, 'Support');
  const credential = await db.providerCredential.create({
    data: {
      id: newId('providerCredential'),
      projectId: project.id,
      provider: 'openai',
      name: 'Old OpenAI',
      keyCiphertext: encryptWithRing(createKeyRing(['a secret this service was never given, or lost']), 'sim-lost-key-1234'),
      keyLast4: '1234',
      status: 'valid',
      checkedAt: new Date(),
    },
  });
  agent = await createAgent(project.id, { model: { id: 'sim/steady' }, provider_credential: credential.id });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: owner.id } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

for (const [language, viewport, texts] of [
  [
    'en',
    viewports.desktop,
    {
      blocker: 'can no longer be read here',
      fix: 'Enter the key again',
      heading: 'Provider keys',
      status: 'Re-enter this key',
      recheck: 'Check Old OpenAI again',
    },
  ],
  [
    'ar',
    viewports.phone,
    {
      blocker: 'لم يعد بالإمكان قراءة مفتاح المزوّد',
      fix: 'أدخل المفتاح مجددًا',
      heading: 'مفاتيح المزوّدين',
      status: 'أعد إدخال هذا المفتاح',
      recheck: 'فحص Old OpenAI مجددًا',
    },
  ],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: language === 'ar' ? 'ar-SA' : 'en-US', viewport });

    test('an undecryptable key is a readiness blocker that leads to the Provider keys page, which says to enter it again', async ({ page }) => {
      await signInAt(page, `/agents/${agent.id}`, owner);
      const readiness = page.getByTestId('readiness');
      await expect(readiness).toContainText(texts.blocker);
      await readiness.getByRole('link', { name: texts.fix }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
      const row = page.getByRole('row', { name: /Old OpenAI/ });
      await expect(row.getByText(texts.status, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: texts.recheck })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });
  });
}
