import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf } from '../responses/common';
import { ticketResponse } from '../responses/resources';

const ticketParams = z.object({
  ticket: z
    .string()
    .regex(/^tkt_[0-9A-Za-z]{22}$/, 'a tkt_ id')
    .describe('The ticket: its `tkt_…` id.'),
});

export const listTicketsEndpoint = defineEndpoint({
  operationId: 'listTickets',
  method: 'GET',
  path: '/v1/tickets',
  tag: 'Tickets',
  summary: 'List tickets',
  description: 'Tickets the builtin `create_ticket` tool opened, newest first; `status` filters. A customer has at most one open ticket.',
  access: 'project',
  permission: 'handoffs:read',
  query: z.object({ ...agentListQuery, status: z.enum(['open', 'closed']).optional() }),
  response: { status: 200, description: 'A list of tickets.', schema: agentListOf(ticketResponse) },
  errors: ['invalid_cursor'],
});

export const getTicketEndpoint = defineEndpoint({
  operationId: 'getTicket',
  method: 'GET',
  path: '/v1/tickets/{ticket}',
  tag: 'Tickets',
  summary: 'Get a ticket',
  access: 'project',
  permission: 'handoffs:read',
  params: ticketParams,
  response: { status: 200, description: 'The ticket.', schema: ticketResponse },
  errors: ['resource_not_found'],
});

export const updateTicketEndpoint = defineEndpoint({
  operationId: 'updateTicket',
  method: 'PATCH',
  path: '/v1/tickets/{ticket}',
  tag: 'Tickets',
  summary: 'Close a ticket',
  description: '`{status: "closed"}` once staff dealt with it (closing a closed ticket changes nothing); the customer may then get a new one.',
  access: 'project',
  permission: 'handoffs:write',
  params: ticketParams,
  body: z.strictObject({ status: z.literal('closed') }),
  response: { status: 200, description: 'The ticket.', schema: ticketResponse },
  errors: ['resource_not_found'],
});

export const ticketEndpoints = [listTicketsEndpoint, getTicketEndpoint, updateTicketEndpoint];
