import { spawn, type ChildProcess } from 'node:child_process';
import { test } from '@playwright/test';
import { db } from '@/server/db';
import { deleteOrgs } from '@/tests/factories';
import { waitFor } from '@/tests/support/wait-for';
import { webProcessArgs } from '../../scripts/lib/stack';

/**
 * Sign-up is closed on the suite's stack, as by default (docs/going-live.md, "Signing up"); a spec
 * that signs businesses up gets a second web process of the same build on `port`, started with
 * SIGNUP_OPEN=true for the spec's tests. `newEmail` gives an address whose account and
 * organizations are deleted after them.
 */
export function useOpenSignUp(port: number, serviceName: string) {
  const base = `http://localhost:${port}`;
  let web: ChildProcess;
  const emails: string[] = [];

  test.beforeAll(async () => {
    web = spawn(process.execPath, webProcessArgs, {
      env: { ...process.env, PORT: String(port), APP_URL: base, NEXTAUTH_URL: base, SERVICE_NAME: serviceName, SIGNUP_OPEN: 'true' },
      stdio: 'ignore',
    });
    await waitFor('the sign-up web process', async () => (await fetch(`${base}/api/health/live`).catch(() => null))?.ok, 90_000);
  });

  test.afterAll(async () => {
    web.kill('SIGKILL');
    const orgs = await db.membership.findMany({ where: { user: { email: { in: emails } } }, select: { orgId: true } });
    await db.user.deleteMany({ where: { email: { in: emails } } });
    await deleteOrgs(orgs.map((m) => m.orgId));
    await db.$disconnect();
  });

  const newEmail = (prefix = 'founder') => {
    const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.test`;
    emails.push(email);
    return email;
  };
  return { base, newEmail };
}
