import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aiPlanOf } from '@/server/agent/models/plans';
import { newId } from '@/server/db/ids';
import type { ProjectModelAccess } from '@/server/agent/models/project-model-access';
import { agentConfigSchema } from './agent-config';
import { readinessBlockers } from './agent-readiness';

/** A project whose only keys are stored under secrets the service no longer has. */
const access = (undecryptable: Array<[string, string]>): ProjectModelAccess => ({
  plan: aiPlanOf('enterprise'),
  dailyCostCapMicros: null,
  providersWithKey: new Set(),
  validCredentials: new Map(),
  credentials: [],
  undecryptableCredentials: new Map(undecryptable),
  aiPaused: false,
});
const [oldKey, newKey] = [newId('providerCredential'), newId('providerCredential')];
const blockersOf = (config: object, undecryptable: Array<[string, string]>) =>
  readinessBlockers(agentConfigSchema.parse(config), access(undecryptable));

test("a key no secret opens is provider_key_undecryptable when it would serve the agent's model", () => {
  const openAi: Array<[string, string]> = [[oldKey, 'openai']];
  assert.deepEqual(blockersOf({ model: { id: 'sim/steady' } }, openAi), ['provider_key_undecryptable']);
  assert.deepEqual(blockersOf({ model: { id: 'sim/steady' }, provider_credential: oldKey }, openAi), ['provider_key_undecryptable']);
});

test('otherwise the agent simply has no key: another provider, another named credential, or none at all', () => {
  assert.deepEqual(blockersOf({ model: { id: 'anthropic/claude-haiku-4-5' } }, [[oldKey, 'openai']]), ['no_provider_key']);
  assert.deepEqual(blockersOf({ model: { id: 'sim/steady' }, provider_credential: newKey }, [[oldKey, 'openai']]), ['no_provider_key']);
  assert.deepEqual(blockersOf({ model: { id: 'sim/steady' } }, []), ['no_provider_key']);
});
