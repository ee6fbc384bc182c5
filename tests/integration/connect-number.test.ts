import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { connectNumber } from '@/server/accounts/connect-number';
import { ConnectRefusal, type ConnectReason } from '@/server/accounts/connect-refusal';
import { portfolioAccessToken } from '@/server/accounts/portfolio-token';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { createApiKey } from '../api-factories';
import { createOrg, deleteOrgs } from '../factories';
import { openWindow, v1Caller } from '../support/messages-api';
import { randomPhone, simulator, simulatorUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * Connecting a number (docs/going-live.md, "Connecting a number") against the simulator, which
 * plays the platform's onboarding side: Embedded Signup's popup and code, business tokens,
 * registration with a PIN.
 */
const orgs: string[] = [];

after(async () => {
  await deleteOrgs(orgs);
  closeRedis();
  await db.$disconnect();
});

async function newOrg() {
  const org = await createOrg();
  orgs.push(org.id);
  return org.id;
}

/** What the signup popup hands back on Finish: a fresh business's ids and a one-time code. */
async function embeddedSignup(next: Record<string, unknown> = {}) {
  if (Object.keys(next).length > 0) await simulator('/_sim/signup/next', next);
  const query = new URLSearchParams({
    app_id: config.PLATFORM_APP_ID,
    config_id: config.PLATFORM_SIGNUP_CONFIG_ID,
    origin: 'http://localhost:3000',
  });
  const page = await (await fetch(`${simulatorUrl}/embedded-signup?${query}`)).text();
  const session = /data-session="([^"]+)"/.exec(page)?.[1];
  assert.ok(session, 'the popup names its session');
  const finished = await simulator<{ message: string; code: string }>('/embedded-signup/finish', { session });
  const { data } = JSON.parse(finished.message) as { data: { waba_id: string; phone_number_id: string } };
  return { wabaId: data.waba_id, phoneNumberId: data.phone_number_id, code: finished.code };
}

const businessToken = async (wabaIds: string[], extra: Record<string, unknown> = {}) =>
  (await simulator<{ access_token: string }>('/_sim/tokens', { waba_ids: wabaIds, ...extra })).access_token;

const refusedFor = (reason: ConnectReason) => (error: unknown) => {
  assert.ok(error instanceof ConnectRefusal, String(error));
  assert.equal(error.reason, reason, error.message);
  return true;
};

const accountsOf = (orgId: string) =>
  db.account.findMany({ where: { orgId }, select: { id: true, name: true, status: true, statusReason: true, phoneId: true, portfolioId: true } });

describe('connecting a number', () => {
  test('Embedded Signup: the code becomes a sealed token, the app is subscribed, the number registered, and it sends; connecting again changes nothing', async () => {
    const orgId = await newOrg();
    const signup = await embeddedSignup({ business_name: 'Nora Bakery' });
    const connected = await connectNumber({ orgId, actorRole: 'owner', ...signup, pin: '246810', source: { code: signup.code } });
    assert.equal(connected.name, 'nora-bakery');
    const [account] = await accountsOf(orgId);
    assert.deepEqual([account?.status, account?.statusReason, account?.phoneId], ['connected', null, signup.phoneNumberId]);
    const portfolio = await db.businessPortfolio.findUniqueOrThrow({
      where: { id: account!.portfolioId },
      select: { wabaId: true, accessTokenSealed: true, accessTokenLegacy: true },
    });
    assert.equal(portfolio.wabaId, signup.wabaId);
    assert.equal(portfolio.accessTokenLegacy, null);
    const token = portfolioAccessToken(portfolio)!;
    assert.ok(!portfolio.accessTokenSealed!.includes(token), 'stored sealed');
    const subscribed = await fetch(`${simulatorUrl}/${config.PLATFORM_API_VERSION}/${signup.wabaId}/subscribed_apps`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(((await subscribed.json()) as { data: unknown[] }).data.length, 1);

    // The number sends with the business's own token.
    const { key, id } = await createApiKey(orgId);
    await db.apiKey.update({ where: { id }, data: { allowedCidrs: [] } });
    const call = v1Caller(key);
    const to = randomPhone();
    await openWindow({ orgId, phoneId: signup.phoneNumberId }, to);
    const sent = await call('POST', '/messages', { to, type: 'text', text: { body: 'Welcome' } });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    await waitFor('the send', async () => ['sent', 'delivered', 'read'].includes((await call('GET', `/messages/${sent.body.id}`)).body.status));
    await waitFor('its templates synced', () => db.template.findFirst({ where: { accountId: account!.id, name: 'hello_world' } }));

    // Again, by the manual path with a token made for the same business: one account, reconnected.
    const again = await connectNumber({
      orgId,
      actorRole: 'admin',
      ...signup,
      pin: '246810',
      source: { token: await businessToken([signup.wabaId]) },
    });
    assert.equal(again.accountId, connected.accountId);
    assert.equal((await accountsOf(orgId)).length, 1);
    await assert.rejects(
      connectNumber({ orgId, actorRole: 'owner', ...signup, pin: '246810', source: { code: signup.code } }),
      refusedFor('code_invalid'),
    );
  });

  test('a wrong PIN stops at registration, saying so; the retry with the right PIN resumes and connects the same account', async () => {
    const orgId = await newOrg();
    const signup = await embeddedSignup({ pin: '111111' });
    const token = await businessToken([signup.wabaId]);
    const attempt = { orgId, actorRole: 'owner' as const, wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId, source: { token } };
    await assert.rejects(connectNumber({ ...attempt, pin: '222222' }), refusedFor('wrong_pin'));
    const [waiting] = await accountsOf(orgId);
    assert.deepEqual([waiting?.status, waiting?.statusReason], ['needs_attention', 'not_registered']);
    // The retry needs no new token: the one the failed attempt stored is used again.
    const done = await connectNumber({ ...attempt, pin: '111111', source: { resume: true } });
    assert.equal(done.accountId, waiting?.id);
    assert.deepEqual(
      (await accountsOf(orgId)).map((a) => a.status),
      ['connected'],
    );
  });

  test('each failing check of the token and the number is refused in words, and nothing is stored', async () => {
    const orgId = await newOrg();
    const signup = await embeddedSignup();
    const other = await embeddedSignup();
    const base = { orgId, actorRole: 'owner' as const, wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId, pin: '123456' };

    await assert.rejects(connectNumber({ ...base, source: { token: 'not-a-token' } }), refusedFor('token_invalid'));
    const expired = await businessToken([signup.wabaId]);
    await simulator(`/_sim/tokens/${expired}`, { expire: true });
    await assert.rejects(connectNumber({ ...base, source: { token: expired } }), refusedFor('token_expired'));
    const readOnly = await businessToken([signup.wabaId], { scopes: ['whatsapp_business_management'] });
    await assert.rejects(connectNumber({ ...base, source: { token: readOnly } }), refusedFor('permission_missing'));
    const elsewhere = await businessToken([other.wabaId]);
    await assert.rejects(connectNumber({ ...base, source: { token: elsewhere } }), refusedFor('waba_not_granted'));
    const token = await businessToken([signup.wabaId]);
    await assert.rejects(connectNumber({ ...base, phoneNumberId: other.phoneNumberId, source: { token } }), refusedFor('number_not_in_waba'));
    await assert.rejects(connectNumber({ ...base, actorRole: 'agent', source: { token } }), /owners and admins/);
    assert.deepEqual(await accountsOf(orgId), []);
  });

  test('a number connected to one organization is refused to another; a reconnect with a new token restores a number that needed attention', async () => {
    const [first, second] = [await newOrg(), await newOrg()];
    const signup = await embeddedSignup();
    const attempt = { wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId, pin: '135790' };
    const { accountId } = await connectNumber({ orgId: first, actorRole: 'owner', ...attempt, source: { code: signup.code } });
    await assert.rejects(
      connectNumber({ orgId: second, actorRole: 'owner', ...attempt, source: { token: await businessToken([signup.wabaId]) } }),
      refusedFor('connected_elsewhere'),
    );
    assert.deepEqual(await accountsOf(second), []);

    await db.account.update({ where: { id: accountId }, data: { status: 'needs_attention', statusReason: 'token_invalid' } });
    await connectNumber({ orgId: first, actorRole: 'owner', ...attempt, source: { token: await businessToken([signup.wabaId]) } });
    assert.deepEqual(
      (await accountsOf(first)).map((a) => [a.id, a.status, a.statusReason]),
      [[accountId, 'connected', null]],
    );
  });
});
