import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentConfigSchema } from './agent-config';

test('a minimal agent configuration gets every default', () => {
  const config = agentConfigSchema.parse({ model: { id: 'sim/steady' } });
  assert.equal(config.tools.max_tool_rounds, 4);
  assert.equal(config.handoff.expire_after_hours, 24);
  assert.equal(config.channels.whatsapp.coalesce_ms, 1500);
  assert.equal(config.concurrency_default, 'reject');
  assert.deepEqual(config.overrides, { allowed: [], models: [] });
  assert.equal(config.provider_credential, null);
});

test('never_handle, escalation_reply and tool grants cannot be made overridable, and unknown fields are refused', () => {
  for (const field of ['never_handle', 'escalation_reply', 'tools']) {
    const result = agentConfigSchema.safeParse({ model: { id: 'sim/steady' }, overrides: { allowed: [field] } });
    assert.equal(result.success, false, field);
  }
  const unknown = agentConfigSchema.safeParse({ model: { id: 'sim/steady', speed: 'fast' } });
  assert.equal(unknown.success, false);
  assert.equal(unknown.error?.issues[0]?.code, 'unrecognized_keys');
});

test('a variable is browser_settable only when asked, and never a secret one', () => {
  const config = agentConfigSchema.parse({ model: { id: 'sim/steady' }, variables: [{ name: 'page' }] });
  assert.equal(config.variables[0]?.browser_settable, false);
  const secret = agentConfigSchema.safeParse({
    model: { id: 'sim/steady' },
    variables: [
      { name: 'page', browser_settable: true },
      { name: 'api_token', secret: true, browser_settable: true },
    ],
  });
  assert.equal(secret.success, false);
  assert.deepEqual(secret.error?.issues[0]?.path, ['variables', 1, 'browser_settable']);
});
