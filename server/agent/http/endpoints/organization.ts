import { z } from 'zod';
import { MemberRole } from '@/server/db';
import { isId } from '@/server/db/ids';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { idempotencyErrors } from '../agent-endpoint';

/** Members, invitations and the organization's limits; the dashboard cookie alone (no X-Project-Id). */
const role = z.enum(MemberRole);
const userParam = z.object({ user: z.string().refine((v) => isId('user', v), 'expected a user id (usr_…).') });
const member = z.object({ object: z.literal('member'), user: z.string(), role });

export const inviteEndpoint = defineEndpoint({
  operationId: 'createInvitation',
  method: 'POST',
  path: '/v1/organization/invitations',
  tag: 'Organization',
  summary: 'Invite a person into the organization',
  description:
    'Adds the membership at once and returns a one-time link (shown only here) valid for 7 days. Only owners invite owners. ' +
    'When `account_exists` is true the person already has an account: they log in and find the organization (the link answers `email_taken`).',
  access: 'organization',
  permission: 'members:write',
  idempotent: true,
  body: z.object({ email: z.email().max(320), role }).strict(),
  response: {
    status: 201,
    description: 'The invitation, with its link.',
    schema: z.object({
      id: z.string(),
      object: z.literal('invitation'),
      email: z.string(),
      role,
      account_exists: z.boolean(),
      url: z.string(),
      expires_at: z.string(),
    }),
  },
  errors: ['already_member', ...idempotencyErrors],
});

export const changeMemberRoleEndpoint = defineEndpoint({
  operationId: 'updateMember',
  method: 'PATCH',
  path: '/v1/organization/members/{user}',
  tag: 'Organization',
  summary: "Change a member's role",
  access: 'organization',
  permission: 'members:write',
  params: userParam,
  body: z.object({ role }).strict(),
  response: { status: 200, description: 'The member with the new role.', schema: member },
  errors: ['last_owner', 'resource_not_found'],
});

export const removeMemberEndpoint = defineEndpoint({
  operationId: 'deleteMember',
  method: 'DELETE',
  path: '/v1/organization/members/{user}',
  tag: 'Organization',
  summary: 'Remove a member (their account stays; their sessions end)',
  access: 'organization',
  permission: 'members:write',
  params: userParam,
  response: {
    status: 200,
    description: 'The removed member.',
    schema: z.object({ object: z.literal('member'), user: z.string(), deleted: z.literal(true) }),
  },
  errors: ['last_owner', 'resource_not_found'],
});

export const setLimitsEndpoint = defineEndpoint({
  operationId: 'updateOrganizationLimits',
  method: 'PATCH',
  path: '/v1/organization/limits',
  tag: 'Organization',
  summary: 'Set the daily model-cost cap (owners)',
  description: "When the day's model cost reaches the cap, runs answer `cost_cap_exceeded` until 00:00 UTC. `null` removes the cap.",
  access: 'organization',
  permission: 'organization:limits',
  body: z.object({ daily_cost_cap_usd: z.number().min(0).max(1_000_000).nullable() }).strict(),
  response: {
    status: 200,
    description: "The organization's limits.",
    schema: z.object({ object: z.literal('organization_limits'), daily_cost_cap_usd: z.number().nullable() }),
  },
});

export const organizationEndpoints = [inviteEndpoint, changeMemberRoleEndpoint, removeMemberEndpoint, setLimitsEndpoint];
