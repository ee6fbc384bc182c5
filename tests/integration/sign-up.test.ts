import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, test } from 'node:test';
import { db } from '@/server/db';
import { OrgRuleError } from '@/server/errors/org-rule-error';
import { closeRedis } from '@/server/redis';
import { signUp } from '@/server/orgs/sign-up';
import { SignUpThrottledError } from '@/server/orgs/sign-up-limit';
import { deleteOrgs } from '../factories';

/** Sign-up's rules (docs/going-live.md, "Signing up"), on the real database and Redis. */
const made: string[] = [];

after(async () => {
  await deleteOrgs(made);
  closeRedis();
  await db.$disconnect();
});

/** A documentation-range address of its own, so no earlier run's count is met. */
const newAddress = () => `2001:db8::${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
const email = () => `signup-${Math.random().toString(36).slice(2, 10)}@example.test`;
const account = (address: string, overrides: Partial<Parameters<typeof signUp>[0]> = {}) => ({
  email: email(),
  password: 'a long enough password',
  name: 'Nora',
  organizationName: 'Nora’s Bakery',
  address,
  ...overrides,
});

test('a sign-up makes an owner of a new organization; an email with an account is refused whatever its case', async () => {
  const address = newAddress();
  const first = await signUp(account(address));
  made.push(first.orgId);
  const membership = await db.membership.findFirstOrThrow({ where: { userId: first.id }, include: { organization: true } });
  assert.deepEqual([membership.role, membership.organization.name], ['owner', 'Nora’s Bakery']);
  await assert.rejects(
    signUp(account(address, { email: first.email.toUpperCase() })),
    (error: unknown) => error instanceof OrgRuleError && error.reason === 'email_taken',
  );
});

test('one address opens at most 10 accounts an hour, refusals included; another address is not held back', async () => {
  const address = newAddress();
  const mine: string[] = [];
  for (let i = 0; i < 10; i += 1) mine.push((await signUp(account(address))).orgId);
  made.push(...mine);
  const refused = account(address);
  await assert.rejects(signUp(refused), (error: unknown) => error instanceof SignUpThrottledError && error.retryAfterS > 3000);
  assert.equal(await db.user.count({ where: { email: refused.email } }), 0, 'the refused one made nothing');
  made.push((await signUp(account(newAddress()))).orgId);
});
