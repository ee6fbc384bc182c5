import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db, type Organization } from '@/server/db';
import { closeQueues } from '@/server/queues';
import type { ApiError } from '@/server/errors/api-error';
import { sealSecret } from '@/server/secrets/secret-cipher';
import { resubmitTemplate } from '@/server/templates/resubmit-template';
import { templateInputSchema } from '@/server/templates/template-input';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { startMediaHost, serve } from '../support/media-host';
import { appUrl, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * Templates written through /v1 (docs/messaging-api.md §11) over real HTTP: the simulator
 * plays the platform's review, which approves a template after its review delay or rejects one
 * that breaks a format rule, and sends the status webhook either way.
 */
let org: Organization;
let key: string;

before(async () => {
  org = await createOrg();
  await createConnectedAccount(org.id, { name: 'main' });
  key = (await createApiKey(org.id)).key;
});

after(async () => {
  await closeQueues();
  await db.$disconnect();
});

async function call(method: string, path: string, body?: unknown, apiKey = key) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

const orderUpdate = (name: string) => ({
  name,
  language: 'en',
  category: 'UTILITY',
  parameter_format: 'NAMED',
  header: { format: 'TEXT', text: 'Order {{order_id}}', example: 'A-1001' },
  body: { text: 'Hi {{first_name}}, your order {{order_id}} has shipped.', examples: { first_name: 'Sam', order_id: 'A-1001' } },
  footer: { text: 'Acme Shop' },
  buttons: [
    { type: 'URL', text: 'Track', url: 'https://shop.example.com/track/{{1}}', example: 'https://shop.example.com/track/A-1001' },
    { type: 'QUICK_REPLY', text: 'Stop updates' },
  ],
});

describe('POST /v1/templates', () => {
  test('submits the template PENDING; the review approves it live, with template.status_updated', async () => {
    const name = unique('order_update');
    const created = await call('POST', '/v1/templates', orderUpdate(name));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.status, 'PENDING');
    assert.equal(created.body.account, 'main');
    assert.deepEqual(created.body.body.variables, ['first_name', 'order_id']);
    assert.deepEqual(created.body.header, { format: 'TEXT', variables: ['order_id'] });
    assert.deepEqual(
      created.body.buttons.map((b: { type: string }) => b.type),
      ['URL', 'QUICK_REPLY'],
    );

    const approved = await waitFor('approved', async () => {
      const read = await call('GET', `/v1/templates/${created.body.id}`);
      return read.body.status === 'APPROVED' ? read.body : null;
    });
    assert.equal(approved.status_reason, null);
    const event = await waitFor('the event', () =>
      db.event.findFirst({
        where: { orgId: org.id, type: 'template.status_updated', payload: { path: ['template', 'id'], equals: created.body.id } },
      }),
    );
    assert.equal((event.payload as { template: { status: string } }).template.status, 'APPROVED');
  });

  test('a body the review refuses ends REJECTED with the platform’s reason and words', async () => {
    const created = await call('POST', '/v1/templates', {
      name: unique('adjacent'),
      language: 'en',
      category: 'MARKETING',
      body: { text: 'Hello {{1}}{{2}} and welcome.', examples: { 1: 'Sam', 2: 'Lee' } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const rejected = await waitFor('rejected', async () => {
      const read = await call('GET', `/v1/templates/${created.body.id}`);
      return read.body.status === 'REJECTED' ? read.body : null;
    });
    assert.equal(rejected.status_reason, 'INVALID_FORMAT');
    assert.match(rejected.status_detail, /next to each other/);
  });

  test('a name already used in that language on the business is 409 template_exists', async () => {
    const name = unique('twice');
    assert.equal((await call('POST', '/v1/templates', orderUpdate(name))).status, 201);
    const again = await call('POST', '/v1/templates', orderUpdate(name));
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'template_exists');
    assert.equal(again.body.error.param, 'name');
    // Another language of the same name is another template.
    const arabic = await call('POST', '/v1/templates', { ...orderUpdate(name), language: 'ar' });
    assert.equal(arabic.status, 201, JSON.stringify(arabic.body));
    assert.equal(await db.template.count({ where: { orgId: org.id, name } }), 2);
  });

  test('each rule of the builder is refused with its param before anything reaches the platform', async () => {
    const base = orderUpdate(unique('bad'));
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['a missing example', { body: { text: 'Hi {{first_name}}, thanks.', examples: {} } }, 'body.examples.first_name'],
      [
        'an example for no variable',
        { body: { text: 'Hi {{first_name}}, thanks.', examples: { first_name: 'Sam', city: 'Rome' } } },
        'body.examples.city',
      ],
      ['positional names in a NAMED template', { body: { text: 'Hi {{1}}, thanks.', examples: { 1: 'Sam' } } }, 'body.text'],
      ['a malformed variable', { body: { text: 'Hi {{first name}}, thanks.', examples: {} } }, 'body.text'],
      ['two header variables', { header: { format: 'TEXT', text: '{{a}} {{b}}', example: 'x' } }, 'header.text'],
      ['a media header without a sample', { header: { format: 'IMAGE' } }, 'header.example'],
      ['a footer variable', { footer: { text: 'Bye {{first_name}}' } }, 'footer.text'],
      [
        'a URL variable not at the end',
        { buttons: [{ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}/a', example: 'https://x.example/1/a' }] },
        'buttons.0.url',
      ],
      ['an http URL', { buttons: [{ type: 'URL', text: 'Go', url: 'http://x.example/' }] }, 'buttons.0.url'],
      ['a phone button without a number', { buttons: [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '12' }] }, 'buttons.0.phone_number'],
      ['an OTP button outside authentication', { buttons: [{ type: 'OTP' }] }, 'buttons.0.type'],
      ['three URL buttons', { buttons: [1, 2, 3].map((n) => ({ type: 'URL', text: `L${n}`, url: `https://x.example/${n}` })) }, 'buttons'],
      ['a name with capitals', { name: 'Order_Update' }, 'name'],
      ['a language the platform does not write so', { language: 'english' }, 'language'],
    ];
    for (const [what, change, param] of cases) {
      const res = await call('POST', '/v1/templates', { ...base, ...change });
      assert.equal(res.status, 422, `${what}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.param, param, `${what}: ${JSON.stringify(res.body)}`);
    }
    assert.equal(await db.template.count({ where: { orgId: org.id, name: base.name } }), 0);
  });

  test('authentication templates: the platform writes the text; the copy-code button fills from parameter "1"', async () => {
    const name = unique('login');
    const wrong = await call('POST', '/v1/templates', {
      name,
      language: 'en',
      category: 'AUTHENTICATION',
      body: { text: 'Your code {{1}}', examples: { 1: '1' } },
      buttons: [{ type: 'OTP' }],
    });
    assert.equal(wrong.status, 422);
    assert.equal(wrong.body.error.param, 'body.text');
    const created = await call('POST', '/v1/templates', {
      name,
      language: 'en',
      category: 'AUTHENTICATION',
      body: { add_security_recommendation: true },
      footer: { code_expiration_minutes: 10 },
      buttons: [{ type: 'OTP', text: 'Copy code' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.body.text, '{{1}} is your verification code. For your security, do not share this code.');
    assert.deepEqual(created.body.buttons, [{ index: 0, type: 'COPY_CODE', text: 'Copy code', variable: '1' }]);
  });

  test('unknown fields, missing scope, another organization', async () => {
    const unknown = await call('POST', '/v1/templates', { ...orderUpdate(unique('x')), colour: 'red' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'unknown_field');

    const readOnly = (await createApiKey(org.id, { scopes: ['templates:read'] })).key;
    const refused = await call('POST', '/v1/templates', orderUpdate(unique('x')), readOnly);
    assert.equal(refused.status, 403);
    assert.match(refused.body.error.message, /templates:write/);

    const mine = await call('POST', '/v1/templates', orderUpdate(unique('mine')));
    const other = await createOrg();
    await createConnectedAccount(other.id);
    const otherKey = (await createApiKey(other.id)).key;
    assert.equal((await call('GET', `/v1/templates/${mine.body.id}`, undefined, otherKey)).status, 404);
    assert.equal((await call('DELETE', `/v1/templates/${mine.body.id}`, undefined, otherKey)).status, 404);
    assert.equal((await call('GET', '/v1/templates/tpl_nothing', undefined, otherKey)).status, 404);
  });

  test('an organization without a connected number, or naming an unknown account', async () => {
    const bare = await createOrg();
    const bareKey = (await createApiKey(bare.id)).key;
    const none = await call('POST', '/v1/templates', orderUpdate(unique('x')), bareKey);
    assert.equal(none.status, 422);
    assert.equal(none.body.error.code, 'no_connected_account');
    const unknown = await call('POST', '/v1/templates', { ...orderUpdate(unique('x')), account: 'nope' });
    assert.equal(unknown.body.error.code, 'account_not_found');
    assert.equal(unknown.body.error.param, 'account');
  });

  test('a media header: the sample behind the link is refused when private, uploaded when public', async () => {
    const refused = await call('POST', '/v1/templates', {
      ...orderUpdate(unique('photo')),
      header: { format: 'IMAGE', example: 'https://127.0.0.1/secret.png' },
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.code, 'url_not_allowed');
    assert.equal(refused.body.error.param, 'header.example');

    const host = await startMediaHost({ '/sample.png': serve(Buffer.from('png sample'), { 'content-type': 'image/png' }) });
    try {
      const created = await call('POST', '/v1/templates', {
        ...orderUpdate(unique('photo')),
        header: { format: 'IMAGE', example: `${host.base}/sample.png` },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.deepEqual(created.body.header, { format: 'IMAGE', variables: [] });
      const row = await db.template.findUniqueOrThrow({ where: { id: created.body.id } });
      const header = (row.components as Array<{ type: string; example?: { header_handle?: string[] } }>).find((c) => c.type === 'HEADER');
      assert.match(header?.example?.header_handle?.[0] ?? '', /^4::/, 'the handle of the uploaded sample');
    } finally {
      await host.close();
    }
  });

  test('a token the platform refuses is template_refused and the number needs attention', async () => {
    const t = await createOrg();
    const acc = await createConnectedAccount(t.id);
    const portfolio = await db.businessPortfolio.findUniqueOrThrow({ where: { id: acc.portfolioId } });
    const issued = await simulator<{ access_token: string }>('/_sim/tokens', { waba_ids: [portfolio.wabaId] });
    await db.businessPortfolio.update({ where: { id: portfolio.id }, data: { accessTokenSealed: sealSecret(issued.access_token) } });
    await simulator(`/_sim/tokens/${encodeURIComponent(issued.access_token)}`, { revoke: true });
    const res = await call('POST', '/v1/templates', orderUpdate(unique('dead')), (await createApiKey(t.id)).key);
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'template_refused');
    assert.match(res.body.error.message, /needs attention/);
    const after = await db.account.findUniqueOrThrow({ where: { id: acc.id } });
    assert.equal(after.status, 'needs_attention');
  });
});

describe('DELETE /v1/templates/{id}', () => {
  test('deletes at the platform and here; the name stays taken at the platform', async () => {
    const name = unique('gone');
    const created = await call('POST', '/v1/templates', orderUpdate(name));
    const removed = await call('DELETE', `/v1/templates/${created.body.id}`);
    assert.equal(removed.status, 204);
    assert.equal((await call('GET', `/v1/templates/${created.body.id}`)).status, 404);
    // Deleted while PENDING: the platform frees the name, so it can be written again.
    const again = await call('POST', '/v1/templates', orderUpdate(name));
    assert.equal(again.status, 201, JSON.stringify(again.body));
  });

  test('an approved template’s name is kept by the platform after deletion: template_exists in its words', async () => {
    const name = unique('kept');
    const created = await call('POST', '/v1/templates', orderUpdate(name));
    await waitFor('approved', async () => ((await call('GET', `/v1/templates/${created.body.id}`)).body.status === 'APPROVED' ? true : null));
    assert.equal((await call('DELETE', `/v1/templates/${created.body.id}`)).status, 204);
    const again = await call('POST', '/v1/templates', orderUpdate(name));
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.equal(again.body.error.code, 'template_exists');
    assert.match(again.body.error.message, /being deleted/);
  });
});

describe('resubmitting (the dashboard’s Fix and resubmit, through the service)', () => {
  test('a template under review cannot be edited; a rejected one goes back to review with its reason cleared', async () => {
    const created = await call('POST', '/v1/templates', {
      name: unique('fixme'),
      language: 'en',
      category: 'MARKETING',
      body: { text: '{{1}} is on sale today.', examples: { 1: 'Tea' } },
    });
    const input = templateInputSchema.parse({
      name: created.body.name,
      language: 'en',
      category: 'MARKETING',
      body: { text: 'Today {{1}} is on sale.', examples: { 1: 'Tea' } },
    });
    await assert.rejects(resubmitTemplate(org.id, created.body.id, input), (error: ApiError) => error.code === 'template_refused');
    await waitFor('rejected', async () => ((await call('GET', `/v1/templates/${created.body.id}`)).body.status === 'REJECTED' ? true : null));
    await assert.rejects(
      resubmitTemplate(org.id, created.body.id, { ...input, language: 'fr' }),
      (error: ApiError) => error.code === 'invalid_parameter' && error.param === 'language',
    );
    const resubmitted = await resubmitTemplate(org.id, created.body.id, input);
    assert.equal(resubmitted.status, 'PENDING');
    assert.equal(resubmitted.status_reason, null);
    await waitFor('approved', async () => ((await call('GET', `/v1/templates/${created.body.id}`)).body.status === 'APPROVED' ? true : null));
    const other = await createOrg();
    await assert.rejects(resubmitTemplate(other.id, created.body.id, input), (error: ApiError) => error.code === 'resource_not_found');
  });
});
