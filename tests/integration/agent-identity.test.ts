import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { createInviteToken, INVITE_TTL_MS } from '@/server/orgs/invite-token';
import { createOrg, createUser } from '../factories';
import { agent, assertAgentError, assertRefusedInBoth, type AgentAnswer } from '../support/agent-api';
import { fromAddress, sessionCookie } from '../support/dashboard-session';
import { appUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';
import { webProcessArgs } from '../../scripts/lib/stack';

/**
 * The agent service's identity and organization routes over HTTP (docs/agent-api.md §1.3): login
 * with the dashboard's throttle and session, sign-up, invitations, members and limits, and the
 * envelope every /agent/v1 answer shares. Two extra web processes: one with sign-up open, one
 * without Redis.
 */
const openBase = `http://localhost:${config.PORT + 53}`;
const noRedisBase = `http://localhost:${config.PORT + 54}`;
const extraWebs: ChildProcess[] = [];

function startWeb(base: string, env: Record<string, string>): Promise<unknown> {
  const web = spawn(process.execPath, webProcessArgs, {
    env: { ...process.env, PORT: new URL(base).port, APP_URL: base, NEXTAUTH_URL: base, SERVICE_NAME: `web-${new URL(base).port}`, ...env },
    stdio: 'ignore',
  });
  extraWebs.push(web);
  return waitFor(`the web process at ${base}`, async () => (await fetch(`${base}/api/health/live`).catch(() => null))?.ok, 90_000);
}

before(async () => {
  await Promise.all([startWeb(openBase, { SIGNUP_OPEN: 'true' }), startWeb(noRedisBase, { REDIS_URL: 'redis://127.0.0.1:1/0' })]);
});

after(async () => {
  for (const web of extraWebs) if (web.exitCode === null) web.kill('SIGKILL');
  await db.$disconnect();
});

async function orgWith(role: 'owner' | 'admin' | 'agent' | 'marketer' = 'owner') {
  const org = await createOrg();
  const user = await createUser({ memberships: [{ orgId: org.id, role }] });
  return { org, user, cookie: await sessionCookie(user) };
}

const newEmail = () => `agent-invitee-${Math.random().toString(36).slice(2, 10)}@example.test`;
const sessionOf = (answer: AgentAnswer) =>
  answer.headers
    .getSetCookie()
    .find((c) => c.startsWith('next-auth.session-token='))
    ?.split(';')[0];
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function dashboardUser(cookie: string): Promise<string | undefined> {
  const res = await fetch(`${appUrl}/api/auth/session`, { headers: { cookie } });
  return ((await res.json()) as { user?: { email?: string } }).user?.email;
}

describe('the envelope', () => {
  test('every answer carries Request-Id and Agent-Version; a known version is accepted, any other refused', async () => {
    const { cookie } = await orgWith();
    const ok = await agent('/v1/projects', { cookie, headers: { 'agent-version': '2026-10-06' } });
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get('request-id') ?? '', /^req_/);
    assert.equal(ok.headers.get('agent-version'), '2026-10-06');
    await assertRefusedInBoth(
      (language) => agent('/v1/projects', { cookie, language, headers: { 'agent-version': '2024-01-01' } }),
      'invalid_api_version',
      'Agent-Version',
    );
  });

  test('unknown paths, wrong methods, bad JSON, unknown fields, bad values and big bodies', async () => {
    await assertRefusedInBoth((language) => agent('/v1/nothing-here', { language }), 'route_not_found');
    const wrong = await assertRefusedInBoth((language) => agent('/v1/auth/login', { language, method: 'GET' }), 'method_not_allowed');
    assert.equal(wrong.headers.get('allow'), 'POST, OPTIONS');
    await assertRefusedInBoth((language) => agent('/v1/auth/login', { language, body: '{"email":' }), 'invalid_json');
    await assertRefusedInBoth(
      (language) => agent('/v1/auth/login', { language, body: { email: 'a@b.test', password: 'x', remember: true } }),
      'unknown_field',
      '/remember',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/auth/login', { language, body: { email: 'a@b.test', password: 7 } }),
      'validation_failed',
      '/password',
    );
    const huge = { email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10) };
    await assertRefusedInBoth((language) => agent('/v1/auth/login', { language, body: huge }), 'request_too_large');
  });

  test('a body from another origin is refused before anything else (csrf_check_failed)', async () => {
    await assertRefusedInBoth(
      (language) =>
        agent('/v1/auth/login', { language, body: { email: 'a@b.test', password: 'x' }, headers: { origin: 'https://evil.example' } }),
      'csrf_check_failed',
    );
    const { cookie } = await orgWith();
    await assertRefusedInBoth(
      (language) =>
        agent('/v1/organization/invitations', { language, cookie, body: { email: newEmail(), role: 'agent' }, headers: { origin: null } }),
      'csrf_check_failed',
    );
    await assertRefusedInBoth(
      (language) =>
        agent('/v1/organization/invitations', {
          language,
          cookie,
          body: JSON.stringify({ email: newEmail(), role: 'agent' }),
          headers: { 'content-type': 'text/plain' },
        }),
      'csrf_check_failed',
    );
  });
});

describe('login', () => {
  test('the right password answers the user and organizations and sets a session the dashboard accepts', async () => {
    const { org, user } = await orgWith('admin');
    const res = await agent('/v1/auth/login', { body: { email: user.email.toUpperCase(), password: user.password } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.user, { id: user.id, object: 'user', email: user.email, name: user.name });
    assert.deepEqual(res.body.organizations, [{ id: org.id, object: 'organization', name: org.name, role: 'admin' }]);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('next-auth.session-token=')) ?? '';
    assert.match(setCookie, /HttpOnly/i);
    assert.match(setCookie, /SameSite=Lax/i);
    const cookie = sessionOf(res) as string;
    assert.equal(await dashboardUser(cookie), user.email);
    assert.equal((await agent('/v1/projects', { cookie })).status, 200);
  });

  test('a wrong password is invalid_credentials; the fifth failure blocks even the right password (rate_limited)', async () => {
    const user = await createUser();
    const via = fromAddress('127.0.0.31');
    await assertRefusedInBoth(
      (language) => agent('/v1/auth/login', { language, via, body: { email: user.email, password: 'wrong password' } }),
      'invalid_credentials',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/auth/login', { language, via, body: { email: 'nobody@example.test', password: 'wrong' } }),
      'invalid_credentials',
    );
    for (let i = 0; i < 3; i++)
      assertAgentError(await agent('/v1/auth/login', { via, body: { email: user.email, password: 'wrong' } }), 'invalid_credentials');
    const blocked = await assertRefusedInBoth(
      (language) => agent('/v1/auth/login', { language, via, body: { email: user.email, password: user.password } }),
      'rate_limited',
    );
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    assert.equal(sessionOf(blocked), undefined);
    // The dashboard's own sign-in counts against the same limit.
    const other = await agent('/v1/auth/login', { via: fromAddress('127.0.0.32'), body: { email: user.email, password: user.password } });
    assert.equal(other.status, 200, 'another address is not blocked');
  });

  test('without Redis no login is allowed (service_unavailable)', async () => {
    const user = await createUser();
    await assertRefusedInBoth(
      (language) => agent('/v1/auth/login', { base: noRedisBase, language, body: { email: user.email, password: user.password } }),
      'service_unavailable',
    );
  });
});

describe('sign-up', () => {
  test('closed unless SIGNUP_OPEN=true (signup_closed)', async () => {
    const body = { email: newEmail(), password: 'a long enough password', name: 'Sam', organization_name: 'Sam Co' };
    await assertRefusedInBoth((language) => agent('/v1/auth/signup', { language, body }), 'signup_closed');
  });

  test('open: creates the account and the organization it owns, signed in; an email with an account is email_taken', async () => {
    const email = newEmail();
    const body = { email, password: 'a long enough password', name: 'Sam Sign', organization_name: 'Sam Co' };
    const res = await agent('/v1/auth/signup', { base: openBase, body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.user.email, email);
    assert.deepEqual(
      res.body.organizations.map((o: { name: string; role: string }) => [o.name, o.role]),
      [['Sam Co', 'owner']],
    );
    assert.ok(sessionOf(res));
    await assertRefusedInBoth(
      (language) => agent('/v1/auth/signup', { base: openBase, language, body: { ...body, email: email.toUpperCase() } }),
      'email_taken',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/auth/signup', { base: openBase, language, body: { ...body, email: newEmail(), password: 'short' } }),
      'validation_failed',
      '/password',
    );
  });
});

describe('invitations', () => {
  test('an owner invites; the link works once, sets the password and signs the person in', async () => {
    const { org, cookie } = await orgWith();
    const email = newEmail();
    const invited = await agent('/v1/organization/invitations', { cookie, body: { email, role: 'agent' } });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    assert.match(invited.body.id, /^mem_/);
    assert.deepEqual(
      [invited.body.object, invited.body.email, invited.body.role, invited.body.account_exists],
      ['invitation', email, 'agent', false],
    );
    assert.ok(invited.body.url.startsWith(`${appUrl}/invite/`));
    const days = (Date.parse(invited.body.expires_at) - Date.now()) / 86_400_000;
    assert.ok(days > 6.99 && days <= 7, String(days));

    const token = tokenOf(invited.body.url);
    await assertRefusedInBoth((language) => agent('/v1/invitations/accept', { language, body: { token } }), 'validation_failed', '/password');
    const accepted = await agent('/v1/invitations/accept', { body: { token, name: 'Ines Agent', password: 'my chosen password' } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.deepEqual([accepted.body.user.name, accepted.body.organizations[0].id], ['Ines Agent', org.id]);
    assert.equal(await dashboardUser(sessionOf(accepted) as string), email);
    assert.equal((await agent('/v1/auth/login', { body: { email, password: 'my chosen password' } })).status, 200);

    await assertRefusedInBoth(
      (language) => agent('/v1/invitations/accept', { language, body: { token, password: 'another password!' } }),
      'invitation_expired',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/invitations', { language, cookie, body: { email, role: 'agent' } }),
      'already_member',
    );
  });

  test('expired, forged and revoked links are invitation_expired; an account with a password is email_taken', async () => {
    const { cookie } = await orgWith();
    const invited = await agent('/v1/organization/invitations', { cookie, body: { email: newEmail(), role: 'marketer' } });
    const user = await db.user.findFirstOrThrow({ where: { email: invited.body.email }, omit: { passwordHash: false } });
    const expired = createInviteToken(user, new Date(Date.now() - INVITE_TTL_MS - 1000));
    for (const token of [expired, 'not-a-token', `${tokenOf(invited.body.url)}x`]) {
      await assertRefusedInBoth(
        (language) => agent('/v1/invitations/accept', { language, body: { token, password: 'my chosen password' } }),
        'invitation_expired',
      );
    }
    assert.equal((await agent(`/v1/organization/members/${user.id}`, { cookie, method: 'DELETE' })).status, 200);
    await assertRefusedInBoth(
      (language) => agent('/v1/invitations/accept', { language, body: { token: tokenOf(invited.body.url), password: 'my chosen password' } }),
      'invitation_expired',
    );

    const existing = await createUser();
    const again = await agent('/v1/organization/invitations', { cookie, body: { email: existing.email, role: 'admin' } });
    assert.equal(again.body.account_exists, true);
    await assertRefusedInBoth(
      (language) => agent('/v1/invitations/accept', { language, body: { token: tokenOf(again.body.url), password: 'taking it over?' } }),
      'email_taken',
    );
    assert.equal(
      (await agent('/v1/auth/login', { body: { email: existing.email, password: existing.password } })).status,
      200,
      'the password is unchanged',
    );
  });

  test('marketers cannot invite, admins cannot invite owners (permission_denied); keys and strangers cannot reach it', async () => {
    const marketer = await orgWith('marketer');
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/invitations', { language, cookie: marketer.cookie, body: { email: newEmail(), role: 'agent' } }),
      'permission_denied',
    );
    const admin = await orgWith('admin');
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/invitations', { language, cookie: admin.cookie, body: { email: newEmail(), role: 'owner' } }),
      'permission_denied',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/invitations', { language, body: { email: newEmail(), role: 'agent' } }),
      'authentication_required',
    );
    const key = `agk_live_${'A'.repeat(32)}`;
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/invitations', { language, key, body: { email: newEmail(), role: 'agent' } }),
      'invalid_api_key',
    );
  });
});

describe('members and limits', () => {
  test('roles change; the last owner can be neither demoted nor removed (last_owner)', async () => {
    const { org, user, cookie } = await orgWith();
    const agentUser = await createUser({ memberships: [{ orgId: org.id, role: 'agent' }] });
    const changed = await agent(`/v1/organization/members/${agentUser.id}`, { cookie, method: 'PATCH', body: { role: 'admin' } });
    assert.deepEqual(changed.body, { object: 'member', user: agentUser.id, role: 'admin' });
    await assertRefusedInBoth(
      (language) => agent(`/v1/organization/members/${user.id}`, { language, cookie, method: 'PATCH', body: { role: 'admin' } }),
      'last_owner',
    );
    await assertRefusedInBoth((language) => agent(`/v1/organization/members/${user.id}`, { language, cookie, method: 'DELETE' }), 'last_owner');
    const stranger = await createUser();
    await assertRefusedInBoth(
      (language) => agent(`/v1/organization/members/${stranger.id}`, { language, cookie, method: 'DELETE' }),
      'resource_not_found',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/members/nobody', { language, cookie, method: 'DELETE' }),
      'invalid_parameter',
      'user',
    );
    await assertRefusedInBoth(
      (language) => agent(`/v1/organization/members/${agentUser.id}`, { language, cookie, method: 'PATCH', body: { role: 'king' } }),
      'validation_failed',
      '/role',
    );
    const removed = await agent(`/v1/organization/members/${agentUser.id}`, { cookie, method: 'DELETE' });
    assert.deepEqual(removed.body, { object: 'member', user: agentUser.id, deleted: true });
  });

  test('admins cannot touch owners and marketers cannot manage (permission_denied)', async () => {
    const { org, user } = await orgWith();
    const admin = await createUser({ memberships: [{ orgId: org.id, role: 'admin' }] });
    const marketer = await createUser({ memberships: [{ orgId: org.id, role: 'marketer' }] });
    const adminCookie = await sessionCookie(admin);
    await assertRefusedInBoth(
      (language) => agent(`/v1/organization/members/${user.id}`, { language, cookie: adminCookie, method: 'DELETE' }),
      'permission_denied',
    );
    const marketerCookie = await sessionCookie(marketer);
    await assertRefusedInBoth(
      (language) => agent(`/v1/organization/members/${admin.id}`, { language, cookie: marketerCookie, method: 'PATCH', body: { role: 'agent' } }),
      'permission_denied',
    );
  });

  test('the owner sets and clears the daily cost cap; admins cannot', async () => {
    const { org, cookie } = await orgWith();
    const set = await agent('/v1/organization/limits', { cookie, method: 'PATCH', body: { daily_cost_cap_usd: 12.5 } });
    assert.deepEqual(set.body, { object: 'organization_limits', daily_cost_cap_usd: 12.5 });
    assert.equal((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).dailyCostCapMicros, 12_500_000n);
    const cleared = await agent('/v1/organization/limits', { cookie, method: 'PATCH', body: { daily_cost_cap_usd: null } });
    assert.equal(cleared.body.daily_cost_cap_usd, null);
    assert.equal((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).dailyCostCapMicros, null);
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/limits', { language, cookie, method: 'PATCH', body: { daily_cost_cap_usd: -1 } }),
      'validation_failed',
      '/daily_cost_cap_usd',
    );
    const admin = await createUser({ memberships: [{ orgId: org.id, role: 'admin' }] });
    const adminCookie = await sessionCookie(admin);
    await assertRefusedInBoth(
      (language) => agent('/v1/organization/limits', { language, cookie: adminCookie, method: 'PATCH', body: { daily_cost_cap_usd: 5 } }),
      'permission_denied',
    );
  });
});
