import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { encode } from 'next-auth/jwt';
import { DEVELOPMENT_SECRETS, SECRET_VARIABLES } from '@/server/config-secrets';
import { db } from '@/server/db';
import { signPlatformPayload } from '@/server/platform/webhook-signature';
import { createUser } from '../factories';
import { appUrl } from '../support/stack';
import { webProcessArgs } from '../../scripts/lib/stack';

/**
 * No secret has a usable default in production: the processes refuse to start on one, and the
 * running stack (on secrets of its own, as a deployment's) refuses what the public development
 * values sign.
 */
after(async () => {
  await db.$disconnect();
});

/** Starts a process in production with `secrets` in place of the run's own; its exit code and output. */
function runInProduction(args: string[], secrets: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: '3192', SERVICE_NAME: 'secrets-test' };
  for (const name of SECRET_VARIABLES) delete env[name];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...env, ...secrets }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const processes = { web: webProcessArgs, worker: ['--import', 'tsx', 'workers/main.ts'] };

describe('production start', () => {
  for (const [name, args] of Object.entries(processes)) {
    test(`the ${name} refuses to start on the development defaults, naming every variable`, async () => {
      const { code, output } = await runInProduction(args, {});
      assert.equal(code, 1, output);
      for (const variable of SECRET_VARIABLES) assert.match(output, new RegExp(`${variable} is not set`));
    });
  }

  test('the worker refuses a short secret, naming it', async () => {
    const strong = Object.fromEntries(SECRET_VARIABLES.map((v) => [v, 'k'.repeat(40)]));
    const { code, output } = await runInProduction(processes.worker, { ...strong, AUTH_SECRET: 'too-short-a-secret' });
    assert.equal(code, 1, output);
    assert.match(output, /AUTH_SECRET is shorter than 32 bytes/);
    assert.doesNotMatch(output, /PLATFORM_APP_SECRET/);
  });
});

describe('the running stack', () => {
  test('a session cookie signed with the public development secret is no session', async () => {
    const user = await createUser();
    const forged = await encode({ secret: DEVELOPMENT_SECRETS.AUTH_SECRET, token: { sub: user.id, email: user.email, name: user.name } });
    const res = await fetch(`${appUrl}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${forged}` } });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {});
  });

  test('a platform webhook signed with the public development app secret is refused', async () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const res = await fetch(`${appUrl}/api/platform/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPlatformPayload(body, DEVELOPMENT_SECRETS.PLATFORM_APP_SECRET) },
      body,
    });
    assert.equal(res.status, 401);
  });
});
