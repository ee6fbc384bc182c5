import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserRouteAllow } from './browser-preflight';

test('browser routes have their methods as Allow; server routes and unknown paths none', () => {
  assert.equal(browserRouteAllow('/agent/v1/widget/token'), 'POST, OPTIONS');
  assert.equal(browserRouteAllow('/agent/v1/sessions/sess_1/messages'), 'POST, GET, HEAD, OPTIONS');
  assert.equal(browserRouteAllow('/agent/v1/runs/run_1/events'), 'GET, HEAD, OPTIONS');
  // `me` is its own route (browsers'), not an end user id (servers').
  assert.equal(browserRouteAllow('/agent/v1/end_users/me'), 'GET, HEAD, OPTIONS');
  assert.equal(browserRouteAllow('/agent/v1/end_users/eu_1'), null);
  assert.equal(browserRouteAllow('/agent/v1/agents'), null);
  assert.equal(browserRouteAllow('/agent/v1/sessions/sess_1'), null);
  assert.equal(browserRouteAllow('/agent/v1/nothing/here'), null);
});
