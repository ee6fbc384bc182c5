import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillJson, fillText, placeholdersIn, unknownPlaceholder, unresolvedPlaceholder, type PlaceholderScope } from './placeholders';
import { projectResponse, valueAtPointer } from './project-response';

const scope: PlaceholderScope = {
  args: { order_id: 'A/12 3', qty: 2, address: { city: 'Dubai' } },
  variables: { tier: 'gold' },
  endUser: { external_id: 'cus_1', traits: { plan: 'pro' } },
  sessionId: 'sess_1',
};

test('placeholders are found, filled URL-encoded in text and as values in JSON, and unresolved ones named', () => {
  const url = 'https://shop.example/orders/{{args.order_id}}?tier={{ variables.tier }}';
  assert.deepEqual(placeholdersIn([url, { a: '{{session.id}}' }]), ['args.order_id', 'variables.tier', 'session.id']);
  assert.equal(fillText(url, scope, encodeURIComponent), 'https://shop.example/orders/A%2F12%203?tier=gold');
  assert.deepEqual(
    fillJson({ quantity: '{{args.qty}}', note: 'for {{end_user.external_id}} in {{args.address.city}}', where: '{{args.address}}' }, scope),
    {
      quantity: 2,
      note: 'for cus_1 in Dubai',
      where: { city: 'Dubai' },
    },
  );
  assert.equal(unresolvedPlaceholder([url, '{{end_user.traits.plan}}'], scope), undefined);
  assert.equal(unresolvedPlaceholder(['{{args.missing}}'], scope), 'args.missing');
  assert.equal(unresolvedPlaceholder(['{{end_user.external_id}}'], { args: {}, variables: {} }), 'end_user.external_id');
  assert.equal(unknownPlaceholder('{{secrets.key}} {{args.x}}'), 'secrets.key');
  assert.equal(unknownPlaceholder('{{args.x}} {{session.id}}'), undefined);
});

test('answers are projected by JSON pointers: items, fields, at most max_items; no match is unreadable', () => {
  const answer = {
    data: {
      orders: [
        { id: 1, status: 'shipped', eta: { day: 'Mon' } },
        { id: 2, status: 'late' },
        { id: 3, status: 'new' },
      ],
    },
  };
  assert.equal(valueAtPointer({ 'a/b': { '~c': 1 } }, '/a~1b/~0c'), 1);
  assert.deepEqual(projectResponse(answer, { items_path: '/data/orders', fields: ['/id', '/eta/day'], max_items: 2 }), {
    ok: true,
    value: [
      { id: 1, 'eta.day': 'Mon' },
      { id: 2, 'eta.day': null },
    ],
  });
  assert.deepEqual(projectResponse({ status: 'shipped', secret: 'x' }, { fields: ['/status'], max_items: 10 }), {
    ok: true,
    value: { status: 'shipped' },
  });
  assert.deepEqual(projectResponse(answer, { max_items: 10 }), { ok: true, value: answer });
  assert.equal(projectResponse(answer, { items_path: '/data/missing', max_items: 10 }).ok, false);
  assert.equal(projectResponse(answer, { items_path: '/data/orders', fields: ['/price'], max_items: 10 }).ok, false);
});
