import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { createUser } from '../factories';
import { signIn } from '../support/dashboard-session';
import { waitFor } from '../support/wait-for';
import { webProcessArgs } from '../../scripts/lib/stack';

/**
 * The sign-in limit fails closed: a web process that cannot reach Redis refuses every sign-in,
 * even with the right password, and says to try again; it never lets unlimited attempts through.
 * Its own web process (on the test port + 50) is given a Redis address where nothing listens.
 */
const webPort = config.PORT + 50;
const base = `http://localhost:${webPort}`;
let web: ChildProcess | undefined;

before(async () => {
  web = spawn(process.execPath, webProcessArgs, {
    env: {
      ...process.env,
      PORT: String(webPort),
      APP_URL: base,
      NEXTAUTH_URL: base,
      REDIS_URL: 'redis://127.0.0.1:1/0',
      SERVICE_NAME: 'web-no-redis',
    },
    stdio: 'ignore',
  });
  await waitFor('the web process without Redis', async () => (await fetch(`${base}/api/health/live`).catch(() => null))?.ok, 60_000);
});

after(async () => {
  if (web && web.exitCode === null) {
    const exited = new Promise((resolve) => web?.once('exit', resolve));
    web.kill('SIGKILL');
    await exited;
  }
  await db.$disconnect();
});

test('Redis unreachable: the right password is refused with "try again", no session is set', async () => {
  const user = await createUser();
  const outcome = await signIn(user.email, user.password, { base });
  assert.equal(outcome.cookie, null);
  assert.equal(outcome.error, 'SignInUnavailable');
});
