import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { Prisma } from '@/server/db';
import { ApiError } from '@/server/errors/api-error';
import { OrgAccessError } from '@/server/errors/org-access-error';
import { OrgRuleError } from '@/server/errors/org-rule-error';
import { agentContract } from './agent-contract';
import { dashboardContract } from './dashboard-contract';
import { errorAnswer } from './http-error-mapper';
import type { ContractError, HttpContract } from './http-contract';
import { messagingContract } from './messaging-contract';
import { actionRefusalOf, trpcErrorOf } from './trpc-error-mapper';

const answer = async <E extends ContractError>(contract: HttpContract<E>, thrown: unknown, language: 'en' | 'ar' = 'en') => {
  const res = errorAnswer(contract, thrown, { 'Request-Id': 'req_test' }, 'req_test', language);
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { error: { code?: string; message?: string; param?: string } | string },
  };
};
const zodError = () => z.object({ to: z.object({ phone: z.string() }) }).safeParse({ to: { phone: 1 } }).error;
const duplicate = () => new Prisma.PrismaClientKnownRequestError('Unique constraint failed', { code: 'P2002', clientVersion: '7' });

test('a schema check nobody turned into a refusal is the contract own validation code, naming the field', async () => {
  const messaging = await answer(messagingContract, zodError());
  assert.equal(messaging.status, 422);
  assert.deepEqual(
    [(messaging.body.error as { code: string }).code, (messaging.body.error as { param: string }).param],
    ['invalid_parameter', 'to.phone'],
  );
  const agent = await answer(agentContract, zodError());
  assert.equal(agent.status, 422);
  assert.deepEqual(
    [(agent.body.error as { code: string }).code, (agent.body.error as { param: string }).param],
    ['validation_failed', '/to/phone'],
  );
});

test('a unique constraint no domain code named is a fault on the APIs, a conflict in the dashboard', async () => {
  assert.equal((await answer(messagingContract, duplicate())).status, 500);
  assert.equal((await answer(agentContract, duplicate())).status, 500);
  assert.equal(trpcErrorOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: duplicate() }))?.code, 'CONFLICT');
  assert.equal(trpcErrorOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: zodError() }))?.code, 'BAD_REQUEST');
  assert.equal(trpcErrorOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error('boom') })), null);
});

test("the organization's rules are the agent contract's codes, in the caller's language", async () => {
  const lastOwner = await answer(agentContract, new OrgRuleError('conflict', 'last_owner', 'An organization needs at least one owner.'), 'ar');
  assert.equal(lastOwner.status, 409);
  assert.deepEqual((lastOwner.body.error as { code: string }).code, 'last_owner');
  assert.match((lastOwner.body.error as { message: string }).message, /مالك/);
  const member = await answer(agentContract, new OrgRuleError('not_found', 'member_not_found', 'No such member.'));
  assert.deepEqual([member.status, (member.body.error as { message: string }).message], [404, 'No such member.']);
  const access = await answer(agentContract, new OrgAccessError('Only owners and admins can manage members.'));
  assert.deepEqual([access.status, (access.body.error as { code: string }).code], [403, 'permission_denied']);
});

test('final agent codes say x-should-retry: false; an error keeps its own headers', async () => {
  const { AgentError } = await import('@/server/errors/agent-error');
  assert.equal((await answer(agentContract, new AgentError('agent_archived'))).headers.get('x-should-retry'), 'false');
  assert.equal((await answer(agentContract, new AgentError('internal_error'))).headers.get('x-should-retry'), null);
  const limited = await answer(messagingContract, new ApiError('rate_limited', 'Slow down.', { headers: { 'Retry-After': '7' } }));
  assert.deepEqual([limited.status, limited.headers.get('retry-after'), limited.headers.get('request-id')], [429, '7', 'req_test']);
});

test("the dashboard's routes answer { error: message }: a shared service's refusal as it is, a fault in the route's words", async () => {
  const contract = dashboardContract('The file was not sent.');
  const refused = await answer(contract, new ApiError('media_too_large', 'Too big.'));
  assert.deepEqual([refused.status, refused.body], [422, { error: 'Too big.' }]);
  const fault = await answer(contract, new Error('boom'));
  assert.deepEqual([fault.status, fault.body], [500, { error: 'The file was not sent.' }]);
});

test('a server action reads a refusal as tRPC maps it, and lets a fault fail', () => {
  assert.deepEqual(actionRefusalOf(new OrgRuleError('conflict', 'invitation_expired', 'This invitation expired.')), {
    codes: ['invitation_expired', 'CONFLICT'],
    message: 'This invitation expired.',
  });
  assert.deepEqual(actionRefusalOf(new ApiError('contact_exists', 'A contact with that number exists.'))?.codes, ['contact_exists', 'CONFLICT']);
  assert.equal(actionRefusalOf(new Error('boom')), null);
});
