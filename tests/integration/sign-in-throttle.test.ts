import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { db } from '@/server/db';
import { createUser } from '../factories';
import { fromAddress, signIn } from '../support/dashboard-session';

/**
 * Sign-in brute force: failures are limited per email and client address, and per address;
 * a throttled attempt is refused before the password is checked and says how long to wait.
 * Each test signs in from its own loopback address, as a separate client.
 */
after(async () => {
  await db.$disconnect();
});

const throttled = /^SignInThrottled:(\d+)$/;
const waitOf = (error: string | null) => Number(throttled.exec(error ?? '')?.[1]);

test('after 5 wrong passwords for one email from one address, even the right one waits there; another address signs in', async () => {
  const user = await createUser();
  const attacker = fromAddress('127.0.0.41');
  for (let i = 0; i < 5; i++) assert.equal((await signIn(user.email, 'wrong password', { via: attacker })).error, 'CredentialsSignin');

  const refused = await signIn(user.email, user.password, { via: attacker });
  assert.equal(refused.cookie, null);
  assert.match(refused.error ?? '', throttled);
  assert.ok(waitOf(refused.error) > 0 && waitOf(refused.error) <= 15 * 60, refused.error ?? '');

  const elsewhere = await signIn(user.email, user.password, { via: fromAddress('127.0.0.42') });
  assert.ok(elsewhere.cookie, 'the owner, from their own address, is not locked out by the attacker');
});

test('a successful sign-in clears the count of consecutive failures', async () => {
  const user = await createUser();
  const client = fromAddress('127.0.0.43');
  for (let i = 0; i < 4; i++) await signIn(user.email, 'typo', { via: client });
  assert.ok((await signIn(user.email, user.password, { via: client })).cookie);
  for (let i = 0; i < 4; i++) assert.equal((await signIn(user.email, 'typo', { via: client })).error, 'CredentialsSignin');
  assert.ok((await signIn(user.email, user.password, { via: client })).cookie);
});

test('40 wrong passwords at once: at most 5 are checked, the rest are refused with a wait', async () => {
  const user = await createUser();
  const attacker = fromAddress('127.0.0.44');
  const outcomes = await Promise.all(Array.from({ length: 40 }, () => signIn(user.email, 'guess', { via: attacker })));
  const checked = outcomes.filter((o) => o.error === 'CredentialsSignin').length;
  assert.ok(checked <= 5, `${checked} passwords were checked`);
  assert.equal(outcomes.filter((o) => throttled.test(o.error ?? '')).length, 40 - checked);
});

test('one address trying many emails is limited after 50 failures', async () => {
  const sprayer = fromAddress('127.0.0.45');
  for (let i = 0; i < 50; i++) {
    assert.equal(
      (await signIn(`nobody-${i}-${Date.now()}@example.test`, 'Summer2026!', { via: sprayer })).error,
      'CredentialsSignin',
      `attempt ${i + 1}`,
    );
  }
  const user = await createUser();
  assert.match((await signIn(user.email, user.password, { via: sprayer })).error ?? '', throttled);
});
