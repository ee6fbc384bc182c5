import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import { AgentError } from '@/server/errors/agent-error';
import { checkBrowserMessageFields, unheldVariables } from './browser-message-fields';

const { variables } = agentConfigSchema.parse({
  model: { id: 'sim/steady' },
  variables: [{ name: 'customer_id' }, { name: 'page', browser_settable: true }, { name: 'api_token', secret: true }],
});

const refusal = (body: Parameters<typeof checkBrowserMessageFields>[1]) => {
  try {
    checkBrowserMessageFields(variables, body);
    return null;
  } catch (error) {
    assert.ok(error instanceof AgentError);
    return [error.code, error.param];
  }
};

test('a browser sends only the variables the agent marks browser_settable, and no overrides', () => {
  assert.equal(refusal({ variables: { page: 'checkout' } }), null);
  assert.deepEqual(refusal({ variables: { page: 'checkout', customer_id: 'someone-else' } }), [
    'principal_not_allowed',
    '/variables/customer_id',
  ]);
  assert.deepEqual(refusal({ variables: { api_token: 'guess' } }), ['principal_not_allowed', '/variables/api_token']);
  assert.deepEqual(refusal({ overrides: {} }), ['principal_not_allowed', '/overrides']);
  // An undeclared name is left to resolveVariables (variable_unknown).
  assert.equal(refusal({ variables: { nope: 1 } }), null);
});

test('a value the session holds wins over the browser’s', () => {
  assert.deepEqual(unheldVariables({ page: 'pricing', tier: 'gold' }, { page: 'home' }), { tier: 'gold' });
});
