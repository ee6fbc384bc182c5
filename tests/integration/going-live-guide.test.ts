import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { connectNumber } from '@/server/accounts/connect-number';
import { config } from '@/server/config';
import { DEVELOPMENT_SECRETS } from '@/server/config-secrets';
import { db } from '@/server/db';
import { closeQueues } from '@/server/queues';
import { createApiKey } from '../api-factories';
import { createOrg, deleteOrgs } from '../factories';
import { appUrl, simulator, simulatorUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * docs/going-live.md followed step by step against the simulator configured as a deployment
 * configures the real platform: the suite's stack gives it an app id, an Embedded Signup
 * configuration, an app secret, a verify token and a system token of its own (scripts/test.ts),
 * none of them the development defaults, so every step below fails if anything leans on those.
 */
const orgs: string[] = [];

after(async () => {
  await deleteOrgs(orgs);
  await closeQueues();
  await db.$disconnect();
});

const webhookUrl = `${appUrl}/api/platform/webhook`;
const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('docs/going-live.md, followed against the simulator as the real platform', () => {
  test('the stack is configured as the guide says, with none of the development values', () => {
    assert.notEqual(config.PLATFORM_APP_ID, '1000000000000001');
    assert.notEqual(config.PLATFORM_SIGNUP_CONFIG_ID, 'sim-signup-config');
    for (const variable of ['PLATFORM_ACCESS_TOKEN', 'PLATFORM_APP_SECRET', 'PLATFORM_VERIFY_TOKEN', 'CREDENTIALS_SECRET'] as const) {
      assert.notEqual(config[variable], DEVELOPMENT_SECRETS[variable], variable);
    }
  });

  test('step 2: the callback answers the verification with PLATFORM_VERIFY_TOKEN only, and takes deliveries signed with PLATFORM_APP_SECRET only', async () => {
    const verify = (token: string) =>
      fetch(`${webhookUrl}?${new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' })}`);
    const verified = await verify(config.PLATFORM_VERIFY_TOKEN);
    assert.equal(verified.status, 200);
    assert.equal(await verified.text(), '1158201444');
    assert.equal((await verify(DEVELOPMENT_SECRETS.PLATFORM_VERIFY_TOKEN)).status, 403);

    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const deliver = (secret: string) =>
      fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(secret, body) }, body });
    assert.equal((await deliver(config.PLATFORM_APP_SECRET)).status, 200);
    assert.equal((await deliver(DEVELOPMENT_SECRETS.PLATFORM_APP_SECRET)).status, 401);
  });

  test('step 3: the system user token is PLATFORM_ACCESS_TOKEN; the development value is refused', async () => {
    const inspect = (token: string) =>
      fetch(`${simulatorUrl}/${config.PLATFORM_API_VERSION}/debug_token?input_token=${encodeURIComponent(token)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const valid = (await (await inspect(config.PLATFORM_ACCESS_TOKEN)).json()) as { data?: { is_valid?: boolean } };
    assert.equal(valid.data?.is_valid, true);
    assert.equal((await inspect(DEVELOPMENT_SECRETS.PLATFORM_ACCESS_TOKEN)).status, 401);
  });

  test('step 4: Embedded Signup with PLATFORM_APP_ID and PLATFORM_SIGNUP_CONFIG_ID connects a number; the demo ids are refused', async () => {
    const sdkUrl = config.PLATFORM_SDK_URL ?? `${config.PLATFORM_BASE_URL}/sdk.js`;
    assert.equal((await fetch(sdkUrl)).status, 200, 'the SDK is served where PLATFORM_SDK_URL says');
    const popup = (appId: string, configId: string) =>
      fetch(`${simulatorUrl}/embedded-signup?${new URLSearchParams({ app_id: appId, config_id: configId, origin: appUrl })}`);
    assert.equal((await popup('1000000000000001', config.PLATFORM_SIGNUP_CONFIG_ID)).status, 400);
    assert.equal((await popup(config.PLATFORM_APP_ID, 'sim-signup-config')).status, 400);

    await simulator('/_sim/signup/next', { business_name: 'Guide Bakery' });
    const page = await popup(config.PLATFORM_APP_ID, config.PLATFORM_SIGNUP_CONFIG_ID);
    assert.equal(page.status, 200);
    const session = /data-session="([^"]+)"/.exec(await page.text())?.[1];
    assert.ok(session);
    const finished = await simulator<{ message: string; code: string }>('/embedded-signup/finish', { session });
    const { data } = JSON.parse(finished.message) as { data: { waba_id: string; phone_number_id: string } };

    const orgId = (await createOrg()).id;
    orgs.push(orgId);
    // The code is exchanged with the app's id and secret (PLATFORM_APP_ID, PLATFORM_APP_SECRET).
    const connected = await connectNumber({
      orgId,
      actorRole: 'owner',
      wabaId: data.waba_id,
      phoneNumberId: data.phone_number_id,
      pin: '135790',
      source: { code: finished.code },
    });
    const account = await db.account.findUniqueOrThrow({ where: { id: connected.accountId } });
    assert.equal(account.status, 'connected');

    // "Templates": written through the API for that number, approved by the platform's review by webhook.
    const key = (await createApiKey(orgId)).key;
    const created = await fetch(`${appUrl}/v1/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'welcome_guide',
        language: 'en',
        category: 'UTILITY',
        body: { text: 'Welcome to {{1}}, we are glad you are here.', examples: { 1: 'Guide Bakery' } },
      }),
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    await waitFor('approved by the review', async () => ((await db.template.findUnique({ where: { id } }))?.status === 'APPROVED' ? true : null));
  });
});
