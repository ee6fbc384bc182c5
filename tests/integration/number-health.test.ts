import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { storedAccessToken } from '@/server/accounts/portfolio-token';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { closeRedis } from '@/server/redis';
import { demoWorld } from '@/server/seed/demo-world';
import { newTemplateRow } from '@/server/templates/from-platform';
import { createKeyRing, encryptWithRing, isUnderCurrentKey } from '@/server/secrets/key-ring';
import { createApiKey } from '../api-factories';
import { createOrg, createUser } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie, trpc } from '../support/dashboard-session';
import { openWindow, v1Caller } from '../support/messages-api';
import { randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * Number health and platform tokens at rest (docs/going-live.md): the stack runs with
 * CREDENTIALS_SECRET and one retired secret in CREDENTIALS_SECRET_PREVIOUS; the simulator takes
 * the service-wide PLATFORM_ACCESS_TOKEN, so a business token equal to it sends.
 */
const platformToken = process.env.PLATFORM_ACCESS_TOKEN!;
const current = createKeyRing([process.env.CREDENTIALS_SECRET!]);
const previous = createKeyRing([process.env.CREDENTIALS_SECRET_PREVIOUS!]);
const forgotten = createKeyRing([randomBytes(48).toString('base64url')]);

after(async () => {
  closeRedis();
  await db.$disconnect();
});

async function tenant() {
  const org = await createOrg();
  const account = await createConnectedAccount(org.id);
  const { key, id } = await createApiKey(org.id);
  await db.apiKey.update({ where: { id }, data: { allowedCidrs: [] } });
  const call = v1Caller(key);
  /** A second number of the same business. */
  const sibling = () =>
    db.account.create({
      data: {
        id: newId('account'),
        orgId: org.id,
        portfolioId: account.portfolioId,
        name: 'second',
        phoneId: `7${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`,
        displayPhoneNumber: '+1 555-000-0001',
      },
    });
  return { org, account, call, sibling };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

/** One of the demo's templates on the tenant's number, for a campaign to use. */
async function templateOf(t: Tenant): Promise<string> {
  const row = newTemplateRow(demoWorld.acme.templates[0]!, { orgId: t.org.id, accountId: t.account.id });
  await db.template.create({ data: row });
  return row.id;
}

/** A text to a customer who just wrote (window open); returns the message's id. */
async function sendText(t: Tenant, extra: Record<string, unknown> = {}) {
  const to = randomPhone();
  await openWindow(t.account, to);
  const sent = await t.call('POST', '/messages', { to, type: 'text', text: { body: 'Hello' }, ...extra });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  return sent.body.id as string;
}

const statusOf = async (t: Tenant) =>
  Object.fromEntries(
    ((await t.call('GET', '/accounts')).body.data as Array<{ name: string; status: string; status_reason: string | null }>).map((a) => [
      a.name,
      [a.status, a.status_reason],
    ]),
  );

const rotate = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rotate-secrets.ts'], { env: process.env, encoding: 'utf8' });

describe('platform tokens at rest', () => {
  test('tokens sealed under the previous secret or stored plain before sealing keep sending; secrets:rotate seals both under the current secret', async () => {
    const underPrevious = await tenant();
    await db.businessPortfolio.update({
      where: { id: underPrevious.account.portfolioId },
      data: { accessTokenSealed: encryptWithRing(previous, platformToken) },
    });
    const plain = await tenant();
    await db.businessPortfolio.update({ where: { id: plain.account.portfolioId }, data: { accessTokenLegacy: platformToken } });
    for (const t of [underPrevious, plain]) {
      const id = await sendText(t);
      await waitFor('the send', async () => ['sent', 'delivered', 'read'].includes((await t.call('GET', `/messages/${id}`)).body.status));
    }

    const run = rotate();
    const report = JSON.parse(run.stdout) as { platform_tokens: { rotated: number } };
    assert.ok(report.platform_tokens.rotated >= 2, run.stdout);
    for (const t of [underPrevious, plain]) {
      const stored = await db.businessPortfolio.findUniqueOrThrow({
        where: { id: t.account.portfolioId },
        select: { accessTokenSealed: true, accessTokenLegacy: true },
      });
      assert.equal(stored.accessTokenLegacy, null, 'no plain copy is left');
      assert.equal(isUnderCurrentKey(current, stored.accessTokenSealed!), true);
      assert.ok(!stored.accessTokenSealed!.includes(platformToken));
      const id = await sendText(t);
      await waitFor('the send after rotation', async () =>
        ['sent', 'delivered', 'read'].includes((await t.call('GET', `/messages/${id}`)).body.status),
      );
    }
    assert.equal((await statusOf(plain)).main?.[0], 'connected');
  });

  test('a token no configured secret opens: the send fails saying so, without a call to the platform, and the business’s numbers need attention', async () => {
    const t = await tenant();
    await t.sibling();
    await db.businessPortfolio.update({
      where: { id: t.account.portfolioId },
      data: { accessTokenSealed: encryptWithRing(forgotten, platformToken) },
    });
    const id = await sendText(t);
    const failed = await waitFor('the send to fail', async () => {
      const { body } = await t.call('GET', `/messages/${id}`);
      return body.status === 'failed' && body;
    });
    assert.match(failed.error_message, /cannot be read with the configured CREDENTIALS_SECRET/);
    assert.deepEqual(await statusOf(t), { main: ['needs_attention', 'token_invalid'], second: ['needs_attention', 'token_invalid'] });
    const me = await t.call('GET', '/me');
    assert.deepEqual(
      me.body.messaging_accounts.map((a: { status: string; status_reason: string }) => [a.status, a.status_reason]),
      [
        ['needs_attention', 'token_invalid'],
        ['needs_attention', 'token_invalid'],
      ],
    );
  });

  test('the platform refusing the token (code 190) moves the number to needs_attention at once', async () => {
    const t = await tenant();
    await db.businessPortfolio.update({ where: { id: t.account.portfolioId }, data: storedAccessToken('revoked-token') });
    const id = await sendText(t);
    await waitFor('the send to fail', async () => (await t.call('GET', `/messages/${id}`)).body.status === 'failed');
    assert.deepEqual(await statusOf(t), { main: ['needs_attention', 'token_invalid'] });
  });
});

describe('the platform’s own account events', () => {
  test('the business removing the app moves its numbers to needs_attention (token_invalid); a disabled account to restricted', async () => {
    const t = await tenant();
    await t.sibling();
    await openWindow(t.account, randomPhone()); // the simulator learns the number and its business account
    const portfolio = await db.businessPortfolio.findUniqueOrThrow({ where: { id: t.account.portfolioId }, select: { wabaId: true } });
    await simulator('/_sim/account-update', { waba_id: portfolio.wabaId, event: 'PARTNER_APP_UNINSTALLED' });
    await waitFor('the numbers to need attention', async () => (await statusOf(t)).main?.[0] === 'needs_attention');
    assert.deepEqual(await statusOf(t), { main: ['needs_attention', 'token_invalid'], second: ['needs_attention', 'token_invalid'] });

    const other = await tenant();
    await openWindow(other.account, randomPhone());
    const otherWaba = (await db.businessPortfolio.findUniqueOrThrow({ where: { id: other.account.portfolioId }, select: { wabaId: true } }))
      .wabaId;
    await simulator('/_sim/account-update', {
      waba_id: otherWaba,
      event: 'DISABLED_UPDATE',
      details: { ban_info: { waba_ban_state: ['DISABLE'] } },
    });
    await waitFor('the number to be restricted', async () => (await statusOf(other)).main?.[1] === 'restricted');
  });

  test('a RED quality rating needs attention, and its recovery ends it', async () => {
    const t = await tenant();
    await openWindow(t.account, randomPhone());
    await simulator(`/_sim/phone-numbers/${t.account.phoneId}`, { quality_rating: 'RED' });
    await waitFor('quality_red', async () => (await statusOf(t)).main?.[1] === 'quality_red');
    await simulator(`/_sim/phone-numbers/${t.account.phoneId}`, { quality_rating: 'GREEN' });
    await waitFor('connected again', async () => (await statusOf(t)).main?.[0] === 'connected');
    const announced = await db.event.findMany({ where: { orgId: t.org.id, type: 'account.quality_updated' }, orderBy: { createdAt: 'asc' } });
    assert.deepEqual(
      announced.map((e) => (e.payload as { account: { quality_rating: string } }).account.quality_rating),
      ['RED', 'GREEN'],
    );
  });

  test('a template the platform pauses is PAUSED here and announced as template.status_updated', async () => {
    const t = await tenant();
    await openWindow(t.account, randomPhone());
    const template = await db.template.findUniqueOrThrow({ where: { id: await templateOf(t) } });
    const { wabaId } = await db.businessPortfolio.findUniqueOrThrow({ where: { id: t.account.portfolioId }, select: { wabaId: true } });
    await simulator(`/_sim/templates/${template.name}`, { status: 'PAUSED', waba_id: wabaId, language: template.language });
    const event = await waitFor('the event', () => db.event.findFirst({ where: { orgId: t.org.id, type: 'template.status_updated' } }));
    assert.deepEqual((event.payload as { template: unknown }).template, {
      id: template.id,
      name: template.name,
      language: template.language,
      status: 'PAUSED',
      reason: null,
      detail: null,
    });
    assert.equal((await db.template.findUniqueOrThrow({ where: { id: template.id } })).status, 'PAUSED');
  });
});

describe('disconnecting a number', () => {
  test('an owner disconnects: sends from it are 422 account_disconnected, its scheduled campaign fails, history stays; twice changes nothing', async () => {
    const t = await tenant();
    const before = await sendText(t);
    const owner = await createUser({ memberships: [{ orgId: t.org.id, role: 'owner' }] });
    const scheduled = await db.campaign.create({
      data: {
        id: newId('campaign'),
        orgId: t.org.id,
        accountId: t.account.id,
        name: 'Later',
        templateId: await templateOf(t),
        status: 'scheduled',
        scheduledAt: new Date(Date.now() + 3_600_000),
      },
    });
    const cookie = await sessionCookie(owner);
    const done = await trpc(cookie, 'mutation', 'settings.disconnectAccount', { accountId: t.account.id });
    assert.equal(done.status, 200, JSON.stringify(done.error));

    assert.deepEqual(await statusOf(t), { main: ['disconnected', null] });
    const refused = await t.call('POST', '/messages', { to: randomPhone(), type: 'text', text: { body: 'Hi' } });
    assert.deepEqual([refused.status, refused.body.error.code, refused.body.error.param], [422, 'account_disconnected', 'from']);
    const named = await t.call('POST', '/messages', { to: randomPhone(), from: 'main', type: 'text', text: { body: 'Hi' } });
    assert.equal(named.body.error.code, 'account_disconnected');
    const campaign = await t.call('GET', `/campaigns/${scheduled.id}`);
    assert.deepEqual([campaign.body.status, campaign.body.failure_reason], ['failed', 'account_disconnected']);
    assert.equal((await t.call('GET', `/messages/${before}`)).status, 200, 'history stays');

    const again = await trpc(cookie, 'mutation', 'settings.disconnectAccount', { accountId: t.account.id });
    assert.equal(again.status, 200);
    assert.equal(await db.event.count({ where: { orgId: t.org.id, type: 'campaign.failed' } }), 1);
  });

  test('an agent cannot disconnect, and another organization’s number is not found', async () => {
    const t = await tenant();
    const other = await tenant();
    const agent = await createUser({ memberships: [{ orgId: t.org.id, role: 'agent' }] });
    const owner = await createUser({ memberships: [{ orgId: t.org.id, role: 'owner' }] });
    const refused = await trpc(await sessionCookie(agent), 'mutation', 'settings.disconnectAccount', { accountId: t.account.id });
    assert.equal(refused.status, 403, JSON.stringify(refused.error));
    const foreign = await trpc(await sessionCookie(owner), 'mutation', 'settings.disconnectAccount', { accountId: other.account.id });
    assert.equal(foreign.status, 404, JSON.stringify(foreign.error));
    assert.deepEqual(await statusOf(other), { main: ['connected', null] });
    assert.deepEqual(await statusOf(t), { main: ['connected', null] });
  });
});
