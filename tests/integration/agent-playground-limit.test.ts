import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getRedis } from '@/server/redis';
import { PLAYGROUND_DAILY_CONVERSATIONS, playgroundKey } from '@/server/agent/usage/ai-usage-limits';
import { createAgent, createAgentTenant } from '../agent-factories';
import { agent, assertAgentError } from '../support/agent-api';

/**
 * Platform-provided models (answered with the platform's own key, no project credential) and
 * the playground's daily test conversations on them (docs/agent-api.md §1.8): 50 a project per UTC
 * day, counted at a session's first run of the day; then 429 `playground_limit_reached`.
 */
describe('/agent/v1 platform models and the playground limit', () => {
  let key: string;
  let projectId: string;
  let slug: string;

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    slug = (await createAgent(projectId, { model: { id: 'platform/gpt-4.1-mini' } })).slug;
  });

  const session = (channel: 'api' | 'playground') => agent('/v1/sessions', { key, body: { agent: slug, channel } });
  const say = (id: string) => agent(`/v1/sessions/${id}/messages`, { key, body: { input: 'Hello', wait_ms: 20_000 } });

  test('a platform model answers without a credential of the project, and is listed as configured', async () => {
    const models = await agent('/v1/models', { key });
    const platform = models.body.data.find((m: { id: string }) => m.id === 'platform/gpt-4.1-mini');
    assert.equal(platform.platform_provided, true);
    assert.equal(platform.configured, true);
    const res = await say((await session('api')).body.id);
    assert.equal(res.body.run.status, 'completed', JSON.stringify(res.body.run));
    assert.ok(res.body.reply.text.length > 0);
  });

  test('the 50th test conversation of the day runs, the 51st is refused until midnight UTC; API sessions are not counted', async () => {
    await getRedis().set(playgroundKey(projectId), PLAYGROUND_DAILY_CONVERSATIONS - 1);
    const last = (await session('playground')).body.id as string;
    assert.equal((await say(last)).body.run.status, 'completed');
    assert.equal(await getRedis().get(playgroundKey(projectId)), String(PLAYGROUND_DAILY_CONVERSATIONS));
    assert.equal((await say(last)).body.run.status, 'completed', 'a session that ran today is not counted again');

    const refused = await session('playground');
    assertAgentError(refused, 'playground_limit_reached');
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 86_400, `Retry-After ${retryAfter}`);
    assert.equal((await say((await session('api')).body.id)).body.run.status, 'completed');
    assert.equal(await getRedis().get(playgroundKey(projectId)), String(PLAYGROUND_DAILY_CONVERSATIONS));
  });
});
