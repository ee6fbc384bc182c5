import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { after, test } from 'node:test';
import { requestPasswordReset } from '@/server/auth/password-reset/request-password-reset';
import { PasswordResetThrottledError } from '@/server/auth/password-reset/reset-limit';
import { ResetLinkInvalidError, resetPassword } from '@/server/auth/password-reset/reset-password';
import { hashResetToken } from '@/server/auth/password-reset/reset-token';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { listDevMailbox } from '@/server/mail/dev-mailbox';
import { unusablePasswordHash } from '@/server/orgs/invited-password';
import { closeRedis } from '@/server/redis';
import { webProcessArgs } from '../../scripts/lib/stack';
import { createUser } from '../factories';
import { fromAddress, sessionCookie, signIn, trpcQuery } from '../support/dashboard-session';
import { appUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * "Forgot password" (README, "Password reset"): the request on the real database and Redis, the
 * mail in the dev mailbox as the stack's web process shows it, the link's page and sign-in over HTTP.
 */
const extraWebs: ChildProcess[] = [];

after(async () => {
  for (const web of extraWebs) if (web.exitCode === null) web.kill('SIGKILL');
  closeRedis();
  await db.$disconnect();
});

/** A documentation-range address of its own, so no earlier run's count is met. */
const newAddress = () => `2001:db8::${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2, 10)}@example.test`;
const ask = (email: string, address = newAddress(), locale: 'en' | 'ar' = 'en') => requestPasswordReset({ email, address, locale });

/** The link of the newest mail to `email` in the dev mailbox, read from the web process's /dev/mailbox page. */
async function linkMailedTo(email: string, after = ''): Promise<string> {
  return waitFor(`a reset mail to ${email}`, async () => {
    const page = await (await fetch(`${appUrl}/dev/mailbox`)).text();
    const start = page.indexOf(email);
    const link = start < 0 ? undefined : new RegExp(`${appUrl}/reset-password/[A-Za-z0-9_-]{43}`).exec(page.slice(start))?.[0];
    return link && link !== after ? link : undefined;
  });
}

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
const reset = (link: string, password: string, address = newAddress()) => resetPassword({ token: tokenOf(link), password, address });
const pageOf = async (link: string) => (await fetch(link)).text();
const usable = (html: string) => html.includes('Save the new password');
const refusedPage = (html: string) => html.includes('This link can’t be used') && html.includes('href="/forgot-password"');

test('an unknown address answers exactly as a known one, and only the known one gets a mail and a link', async () => {
  const user = await createUser();
  const nobody = unknownEmail();
  assert.equal(await ask(user.email.toUpperCase()), undefined);
  assert.equal(await ask(nobody), undefined);
  const link = await linkMailedTo(user.email);
  const tokens = await db.passwordResetToken.findMany({ where: { userId: user.id } });
  assert.equal(tokens.length, 1);
  assert.equal(tokens[0]!.tokenHash, hashResetToken(tokenOf(link)), 'only the hash of the token is stored');
  assert.ok(tokens[0]!.expiresAt.getTime() - Date.now() > 59 * 60_000 && tokens[0]!.expiresAt.getTime() - Date.now() <= 60 * 60_000);
  assert.ok(link.startsWith(`${config.APP_URL}/reset-password/`), 'the link is built from APP_URL');
  assert.equal((await listDevMailbox()).filter((mail) => mail.to === nobody).length, 0);
});

test('an account still waiting for its invitation’s password gets no link: the invitation is its way in', async () => {
  const invited = await createUser();
  await db.user.update({ where: { id: invited.id }, data: { passwordHash: unusablePasswordHash() } });
  assert.equal(await ask(invited.email), undefined);
  assert.equal(await db.passwordResetToken.count({ where: { userId: invited.id } }), 0);
});

test('the link works once: the new password signs in, the old one and earlier sessions no longer do', async () => {
  const user = await createUser();
  const before = await sessionCookie(user);
  assert.equal((await trpcQuery(before, 'session.me')).status, 200);
  await ask(user.email);
  const link = await linkMailedTo(user.email);
  assert.ok(usable(await pageOf(link)));

  const newPassword = 'a brand new long password';
  await reset(link, newPassword);
  assert.ok(refusedPage(await pageOf(link)), 'a used link shows the page that asks for a new one');
  await assert.rejects(reset(link, 'yet another long password'), ResetLinkInvalidError);

  assert.equal((await signIn(user.email, user.password)).error, 'CredentialsSignin');
  assert.ok((await signIn(user.email, newPassword)).cookie, 'the new password signs in');
  assert.equal((await trpcQuery(before, 'session.me')).status, 401, 'the session from before the reset ended');
});

test('a reset forgives the failed sign-ins of that email from the client that reset it', async () => {
  const user = await createUser();
  const client = '127.0.0.61';
  for (let i = 0; i < 5; i++) await signIn(user.email, 'forgotten password', { via: fromAddress(client) });
  assert.match((await signIn(user.email, user.password, { via: fromAddress(client) })).error ?? '', /^SignInThrottled:/);
  await ask(user.email, client);
  await reset(await linkMailedTo(user.email), 'the password I will remember', client);
  assert.ok((await signIn(user.email, 'the password I will remember', { via: fromAddress(client) })).cookie);
});

test('an expired link, a replaced link and an unknown token are refused', async () => {
  const user = await createUser();
  await ask(user.email);
  const first = await linkMailedTo(user.email);
  await ask(user.email);
  const second = await linkMailedTo(user.email, first);
  assert.ok(refusedPage(await pageOf(first)), 'the newest link replaces the earlier one');
  await assert.rejects(reset(first, 'a long enough password'), ResetLinkInvalidError);

  await db.passwordResetToken.update({ where: { tokenHash: hashResetToken(tokenOf(second)) }, data: { expiresAt: new Date(Date.now() - 1000) } });
  assert.ok(refusedPage(await pageOf(second)));
  await assert.rejects(reset(second, 'a long enough password'), ResetLinkInvalidError);
  assert.ok((await signIn(user.email, user.password)).cookie, 'the password is unchanged');

  assert.ok(refusedPage(await pageOf(`${appUrl}/reset-password/${'A'.repeat(43)}`)));
  assert.ok(refusedPage(await pageOf(`${appUrl}/reset-password/not-a-token`)));
});

test('5 requests an hour per address asked about, known or not; 20 per client address', async () => {
  const user = await createUser();
  for (const email of [user.email, unknownEmail()]) {
    for (let i = 0; i < 5; i++) await ask(email);
    await assert.rejects(ask(email), (error: unknown) => error instanceof PasswordResetThrottledError && error.retryAfterS > 3000);
  }
  const client = newAddress();
  for (let i = 0; i < 20; i++) await ask(unknownEmail(), client);
  await assert.rejects(ask(unknownEmail(), client), PasswordResetThrottledError);
  await ask(unknownEmail(), newAddress());
});

test('the mail speaks the language the user chose, else the page’s', async () => {
  const user = await createUser();
  await ask(user.email, newAddress(), 'ar');
  const first = await linkMailedTo(user.email);
  assert.equal((await listDevMailbox()).find((mail) => mail.to === user.email)?.subject, 'إعادة تعيين كلمة المرور');
  await db.user.update({ where: { id: user.id }, data: { locale: 'en' } });
  await ask(user.email, newAddress(), 'ar');
  await linkMailedTo(user.email, first);
  assert.equal((await listDevMailbox()).find((mail) => mail.to === user.email)?.subject, 'Reset your password');
});

test('in production without SMTP_URL the page says reset by email is unavailable and /dev/mailbox is not found', async () => {
  const base = `http://localhost:${config.PORT + 57}`;
  const web = spawn(process.execPath, webProcessArgs, {
    env: { ...process.env, NODE_ENV: 'production', PORT: new URL(base).port, APP_URL: base, NEXTAUTH_URL: base, SERVICE_NAME: 'web-no-mail' },
    stdio: 'ignore',
  });
  extraWebs.push(web);
  await waitFor('the production web process', async () => (await fetch(`${base}/api/health/live`).catch(() => null))?.ok, 90_000);
  const page = await (await fetch(`${base}/forgot-password`)).text();
  assert.ok(page.includes('Reset by email is not available'));
  assert.doesNotMatch(page, /<input[^>]*type="email"/, 'no form that would pretend to send');
  assert.equal((await fetch(`${base}/dev/mailbox`)).status, 404);
  assert.ok((await (await fetch(`${base}/signin`)).text()).includes('href="/forgot-password"'));
});
