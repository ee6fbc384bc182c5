import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db, type Account, type Organization } from '@/server/db';
import { closeQueues, getQueue } from '@/server/queues';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { syncTemplatesJob } from '@/server/templates/sync-templates.job';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { appUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * GET /v1/templates over real HTTP for a fresh tenant whose templates were synced from the
 * simulator (which gives an unknown business a copy of the demo templates), and the sync
 * requested the way the dashboard does it, through the queue and the worker.
 */
let org: Organization;
let account: Account;
let key: string;

before(async () => {
  org = await createOrg();
  account = await createConnectedAccount(org.id, { name: 'main' });
  key = (await createApiKey(org.id)).key;
  await syncTemplatesJob({ accountId: account.id });
});

after(async () => {
  await closeQueues();
  await db.$disconnect();
});

async function get(path: string, apiKey = key) {
  const res = await fetch(`${appUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  return { status: res.status, body: await res.json() };
}

interface TemplateRecord {
  id: string;
  name: string;
  status: string;
  header: { format: string; variables: string[] } | null;
  body: { text: string; variables: string[] };
  buttons: Array<{ index: number; type: string; text: string; variable?: string }>;
  [field: string]: unknown;
}

const byName = (list: TemplateRecord[], name: string) => {
  const found = list.find((t) => t.name === name);
  assert.ok(found, `template ${name} is listed`);
  return found;
};

describe('GET /v1/templates', () => {
  test('lists the synced templates with their variables in the docs/messaging-api.md §8 shape', async () => {
    const { status, body } = await get('/v1/templates');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.has_more, false);
    const list = body.data as TemplateRecord[];
    assert.ok(list.length >= 7);
    for (const template of list) {
      assert.deepEqual(Object.keys(template).sort(), [
        'account',
        'body',
        'buttons',
        'category',
        'header',
        'id',
        'language',
        'name',
        'parameter_format',
        'status',
        'status_detail',
        'status_reason',
        'updated_at',
      ]);
      assert.match(template.id, /^tpl_/);
      assert.equal(template.account, 'main');
    }

    const orderUpdate = byName(list, 'order_update');
    assert.deepEqual(
      { ...orderUpdate, id: undefined, updated_at: undefined },
      {
        id: undefined,
        name: 'order_update',
        language: 'en',
        category: 'UTILITY',
        status: 'APPROVED',
        status_reason: null,
        status_detail: null,
        account: 'main',
        parameter_format: 'NAMED',
        header: null,
        body: { text: 'Hi {{customer_name}}, your order {{order_id}} has been updated.', variables: ['customer_name', 'order_id'] },
        buttons: [],
        updated_at: undefined,
      },
    );
    assert.deepEqual(byName(list, 'header_text').header, { format: 'TEXT', variables: ['title'] });
    assert.deepEqual(byName(list, 'shipping_photo').header, { format: 'IMAGE', variables: [] });
    assert.deepEqual(byName(list, 'promo_offer').buttons, [
      { index: 0, type: 'QUICK_REPLY', text: 'Yes please' },
      { index: 1, type: 'QUICK_REPLY', text: 'Stop' },
    ]);
    assert.deepEqual(byName(list, 'login_code').buttons, [{ index: 0, type: 'COPY_CODE', text: 'Copy code', variable: '1' }]);
    assert.equal(byName(list, 'draft_promo').status, 'PENDING');
    assert.equal(byName(list, 'old_promo').status, 'REJECTED');
  });

  test('filters by status, name and account name', async () => {
    const approved = await get('/v1/templates?status=APPROVED');
    assert.ok(approved.body.data.length > 0);
    assert.ok(approved.body.data.every((t: TemplateRecord) => t.status === 'APPROVED'));
    const named = await get('/v1/templates?name=promo_offer');
    assert.deepEqual(
      named.body.data.map((t: TemplateRecord) => t.name),
      ['promo_offer'],
    );
    assert.equal((await get('/v1/templates?account=main')).body.data.length, (await get('/v1/templates')).body.data.length);
    assert.deepEqual((await get('/v1/templates?account=nope')).body.data, []);
    const badStatus = await get('/v1/templates?status=approved');
    assert.equal(badStatus.status, 422);
    assert.equal(badStatus.body.error.param, 'status');
  });

  test('pages with a signed cursor that no other list accepts', async () => {
    const all = (await get('/v1/templates')).body.data.map((t: TemplateRecord) => t.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await get(`/v1/templates?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(page.status, 200);
      seen.push(...page.body.data.map((t: TemplateRecord) => t.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, all);

    const firstPage = await get('/v1/templates?limit=1');
    const onContacts = await get(`/v1/contacts?cursor=${encodeURIComponent(firstPage.body.next_cursor)}`);
    assert.equal(onContacts.status, 422);
    assert.equal(onContacts.body.error.param, 'cursor');
  });

  test("another organization's templates are not listed, and templates:read is required", async () => {
    const other = await createOrg();
    assert.deepEqual((await get('/v1/templates', (await createApiKey(other.id)).key)).body.data, []);
    const noScope = await get('/v1/templates', (await createApiKey(org.id, { scopes: ['contacts:read'] })).key);
    assert.equal(noScope.status, 403);
    assert.equal(noScope.body.error.code, 'insufficient_scope');
    assert.match(noScope.body.error.message, /templates:read/);
  });
});

describe('requestTemplateSync', () => {
  test('queues one sync per account and minute, which the worker runs', async () => {
    const second = await createConnectedAccount(org.id, { name: 'support', isDefaultOutgoing: false });
    const [first, again] = await Promise.all([requestTemplateSync(org.id, second.id), requestTemplateSync(org.id, second.id)]);
    assert.deepEqual(first, { accounts: 1 });
    assert.deepEqual(again, { accounts: 1 });
    const jobs = (await getQueue('maintenance').getJobs(['waiting', 'active', 'completed', 'delayed'])).filter(
      (job) => job.data.accountId === second.id,
    );
    assert.equal(jobs.length, 1, 'a double request queues one sync');
    assert.match(jobs[0]?.id ?? '', new RegExp(`^templates\\.sync-${second.id}-\\d+$`));

    const synced = await waitFor('the worker to sync the second account', async () => {
      const { body } = await get('/v1/templates?account=support');
      return body.data.length >= 7 && body.data;
    });
    assert.ok(synced.every((t: TemplateRecord) => t.account === 'support'));
    await assert.rejects(requestTemplateSync(org.id, 'acc_0123456789012345678901'), /No such account/);
    const foreign = await createConnectedAccount((await createOrg()).id);
    await assert.rejects(requestTemplateSync(org.id, foreign.id), /No such account/);
  });
});
