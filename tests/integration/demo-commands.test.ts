import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { SECRET_VARIABLES } from '@/server/config-secrets';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { agentCall } from '../agent-factories';

/**
 * The commands `npm run demo` prints work against the running demo. The demo runs on secrets it
 * generated into `.env.demo`; a newcomer then types the printed `npm run seed -- --json` in
 * another shell, whose environment has none of them. Here the stack plays the demo, with its
 * secrets written to such a file.
 */
after(async () => {
  closeRedis();
  await db.$disconnect();
});

test("npm run seed -- --json beside the demo seeds under the demo's secrets: its agents answer", async () => {
  const demoEnvFile = path.join(mkdtempSync(path.join(tmpdir(), 'demo-env-')), '.env.demo');
  writeFileSync(demoEnvFile, SECRET_VARIABLES.map((name) => `${name}=${process.env[name]}\n`).join(''));
  // DEMO_ENV_FILE points the command at this file instead of the checkout's own .env.demo, which stays untouched.
  const shell: NodeJS.ProcessEnv = { ...process.env, DEMO_ENV_FILE: demoEnvFile };
  for (const name of [...SECRET_VARIABLES, 'CREDENTIALS_SECRET_PREVIOUS', 'NODE_ENV']) delete shell[name];

  const seed = spawnSync('npm', ['run', '--silent', 'seed', '--', '--json'], { env: shell, encoding: 'utf8' });
  assert.equal(seed.status, 0, seed.stderr);
  const { keys, agents } = JSON.parse(seed.stdout).agent.projects.support;
  const asked = await agentCall(keys.secret_full, 'POST', '/v1/ask', { agent: agents.assistant.slug, input: 'What are your opening hours?' });
  assert.equal(asked.status, 200, JSON.stringify(asked.body));
  assert.ok((asked.body.output_text as string).length > 0);
});
