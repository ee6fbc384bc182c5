import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf } from '../responses/common';
import { handoffResponse, messageResponse } from '../responses/conversations';

const sessionParams = z.object({ session: z.string().min(1).max(128).describe('The session: its `sess_…` id or your `external_id`.') });
const handoffParams = z.object({
  handoff: z
    .string()
    .regex(/^ho_[0-9A-Za-z]{22}$/, 'a ho_ id')
    .describe('The handoff: its `ho_…` id.'),
});
const memberId = z
  .string()
  .min(1)
  .max(64)
  .describe('With an API key: the member acting (required). A member signed in acts as themselves; an admin may name a colleague.');

const lifecycle =
  'A handoff (`open` → `assigned` → `released` | `resolved` | `expired`) keeps the bot silent while `open` or `assigned`: messages sent to ' +
  'the session meanwhile are stored and shown to staff, and start no run. Opening one cancels the session’s queued and running runs (an unsent ' +
  'reply is discarded) and sends the agent’s `handoff.escalation_reply` in the customer’s language. It expires when no staff message was ' +
  'written for `handoff.expire_after_hours` (each staff message starts the count again). Ending one adds a `note` message to the history.';

export const openHandoffEndpoint = defineEndpoint({
  operationId: 'openHandoff',
  method: 'POST',
  path: '/v1/sessions/{session}/handoff',
  tag: 'Handoffs',
  summary: 'Hand a session to staff',
  description: `${lifecycle} \`reason\` (default \`requested\`) and \`note\` are for staff.`,
  access: 'project',
  permission: 'handoffs:write',
  params: sessionParams,
  body: z.strictObject({ reason: z.string().min(1).max(200).optional(), note: z.string().max(2000).optional() }),
  idempotent: true,
  response: {
    status: 201,
    description: 'The handoff: `{id, session, status, assignee, reason, summary, opened_by, opened_at, …}`.',
    schema: handoffResponse,
  },
  errors: ['session_not_found', 'handoff_already_open'],
});

export const listHandoffsEndpoint = defineEndpoint({
  operationId: 'listHandoffs',
  method: 'GET',
  path: '/v1/handoffs',
  tag: 'Handoffs',
  summary: 'List handoffs',
  description: 'Newest first; `status` and `assignee` (a member id) filter.',
  access: 'project',
  permission: 'handoffs:read',
  query: z.object({
    ...agentListQuery,
    status: z.enum(['open', 'assigned', 'released', 'resolved', 'expired']).optional(),
    assignee: z.string().min(1).max(64).optional(),
  }),
  response: { status: 200, description: 'A list of handoffs.', schema: agentListOf(handoffResponse) },
  errors: ['invalid_cursor'],
});

export const getHandoffEndpoint = defineEndpoint({
  operationId: 'getHandoff',
  method: 'GET',
  path: '/v1/handoffs/{handoff}',
  tag: 'Handoffs',
  summary: 'Get a handoff',
  access: 'project',
  permission: 'handoffs:read',
  params: handoffParams,
  response: { status: 200, description: 'The handoff.', schema: handoffResponse },
  errors: ['resource_not_found'],
});

export const claimHandoffEndpoint = defineEndpoint({
  operationId: 'claimHandoff',
  method: 'POST',
  path: '/v1/handoffs/{handoff}/claim',
  tag: 'Handoffs',
  summary: 'Claim a handoff',
  description:
    'Assigns the handoff to the acting member (and, for a WhatsApp session, the inbox conversation with it: one field). Of members ' +
    'claiming at once one wins; the others get 409 `handoff_already_assigned`. An owner or admin may take it from another with ' +
    '`force: true`. Claiming one’s own again changes nothing.',
  access: 'project',
  permission: 'handoffs:write',
  params: handoffParams,
  body: z.strictObject({ force: z.boolean().optional(), member_id: memberId.optional() }),
  response: { status: 200, description: 'The handoff, `assigned`.', schema: handoffResponse },
  errors: ['resource_not_found', 'handoff_already_assigned', 'handoff_not_open'],
});

export const postStaffMessageEndpoint = defineEndpoint({
  operationId: 'createStaffMessage',
  method: 'POST',
  path: '/v1/handoffs/{handoff}/messages',
  tag: 'Handoffs',
  summary: 'Reply as staff',
  description:
    'A staff reply in an API or widget session: in its history (role `staff`) and on its event stream (`message.created`). It assigns an ' +
    'unassigned handoff to its author and starts the expiry count again. A WhatsApp session’s staff reply is sent through the messaging ' +
    'API or the inbox (422 here).',
  access: 'project',
  permission: 'handoffs:write',
  params: handoffParams,
  body: z.strictObject({ text: z.string().min(1).max(4096), member_id: memberId.optional() }),
  idempotent: true,
  response: { status: 201, description: 'The message.', schema: messageResponse },
  errors: ['resource_not_found', 'handoff_not_open'],
});

export const releaseHandoffEndpoint = defineEndpoint({
  operationId: 'releaseHandoff',
  method: 'POST',
  path: '/v1/sessions/{session}/handoff/release',
  tag: 'Handoffs',
  summary: 'Return a session to the AI',
  description: 'Ends the active handoff as `released`: the AI answers the next message, with a `note` in its history saying staff had it.',
  access: 'project',
  permission: 'handoffs:write',
  params: sessionParams,
  body: z.strictObject({}),
  response: { status: 200, description: 'The handoff, `released`.', schema: handoffResponse },
  errors: ['session_not_found', 'no_open_handoff'],
});

export const resolveHandoffEndpoint = defineEndpoint({
  operationId: 'resolveHandoff',
  method: 'POST',
  path: '/v1/sessions/{session}/handoff/resolve',
  tag: 'Handoffs',
  summary: 'Resolve a handoff',
  description:
    'Ends the active handoff as `resolved`, with an optional `note` (in the history’s ending note) and, unless `close_session: false`, the ' +
    'session closed (`session.closed`); the customer’s next message reopens it with the AI.',
  access: 'project',
  permission: 'handoffs:write',
  params: sessionParams,
  body: z.strictObject({ note: z.string().max(2000).optional(), close_session: z.boolean().default(true) }),
  response: { status: 200, description: 'The handoff, `resolved`.', schema: handoffResponse },
  errors: ['session_not_found', 'no_open_handoff'],
});

export const handoffEndpoints = [
  openHandoffEndpoint,
  listHandoffsEndpoint,
  getHandoffEndpoint,
  claimHandoffEndpoint,
  postStaffMessageEndpoint,
  releaseHandoffEndpoint,
  resolveHandoffEndpoint,
];
