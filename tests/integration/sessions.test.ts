import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import * as nextAuthJwt from 'next-auth/jwt';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { listMembers } from '@/server/orgs/list-members';
import { removeMember } from '@/server/orgs/remove-member';
import { createOrg, createUser } from '../factories';
import { sessionCookie, signIn, signOut, trpcQuery } from '../support/dashboard-session';
import { appUrl } from '../support/stack';

/**
 * Dashboard sessions end at once on sign-out and when a membership is removed (a per-user
 * session version in the JWT), last 12 hours idle with renewal, and 7 days at most.
 */
after(async () => {
  await db.$disconnect();
});

// next-auth ships CommonJS; under tsx its exports sit on `default`.
const { encode } = (nextAuthJwt as unknown as { default?: typeof nextAuthJwt }).default ?? nextAuthJwt;
const HOUR_S = 60 * 60;
const me = async (cookie: string) => (await trpcQuery(cookie, 'session.me')).status;

async function member() {
  const org = await createOrg();
  const user = await createUser({ memberships: [{ orgId: org.id, role: 'admin' }] });
  return { org, user };
}

/** Seconds from now until a Set-Cookie's Expires. */
function expiresIn(setCookie: string): number {
  const expires = /Expires=([^;]+)/i.exec(setCookie)?.[1];
  return (Date.parse(expires ?? '') - Date.now()) / 1000;
}

test('after sign-out, a kept copy of the session cookie no longer works', async () => {
  const { user } = await member();
  const cookie = await sessionCookie(user);
  assert.equal(await me(cookie), 200);
  assert.equal((await signOut(cookie)).status, 200);
  assert.equal(await me(cookie), 401);
  assert.equal(await me(await sessionCookie(user)), 200, 'signing in again works');
});

test('removing the membership ends that member’s session at once', async () => {
  const { org, user } = await member();
  await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
  const cookie = await sessionCookie(user);
  assert.equal(await me(cookie), 200);
  const membership = (await listMembers(org.id)).find((m) => m.userId === user.id)!;
  await removeMember({ orgId: org.id, actorRole: 'owner', membershipId: membership.id });
  assert.equal(await me(cookie), 401);
});

test('a session lasts 12 hours idle, and each visit renews it', async () => {
  const { user } = await member();
  const outcome = await signIn(user.email, user.password);
  const set = outcome.setCookies.find((c) => c.startsWith('next-auth.session-token='))!;
  assert.ok(Math.abs(expiresIn(set) - 12 * HOUR_S) < 120, set);

  const renewed = await fetch(`${appUrl}/api/auth/session`, { headers: { cookie: outcome.cookie! } });
  const again = renewed.headers.getSetCookie().find((c) => c.startsWith('next-auth.session-token='));
  assert.ok(again && Math.abs(expiresIn(again) - 12 * HOUR_S) < 120, 'the cookie is issued again for 12 more hours');
});

test('a session signed in more than 7 days ago is refused, however recently it was renewed', async () => {
  const { user } = await member();
  const { sessionVersion } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { sessionVersion: true } });
  const cookieSignedInAgo = async (seconds: number) => {
    const token = await encode({
      secret: config.AUTH_SECRET,
      maxAge: 12 * HOUR_S,
      token: { sub: user.id, email: user.email, name: user.name, sessionVersion, signedInAt: Math.floor(Date.now() / 1000) - seconds },
    });
    return `next-auth.session-token=${token}`;
  };
  assert.equal(await me(await cookieSignedInAgo(6 * 24 * HOUR_S)), 200);
  assert.equal(await me(await cookieSignedInAgo(7 * 24 * HOUR_S + 60)), 401);
});
