import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { getTicketEndpoint, updateTicketEndpoint } from '@/server/agent/http/endpoints/tickets';
import { closeTicket, getTicket } from '@/server/agent/tickets/manage-tickets';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getTicketEndpoint, ({ caller, params }) => getTicket(caller.projectId, params.ticket)),
  PATCH: agentRoute(updateTicketEndpoint, ({ caller, params }) => closeTicket(caller.projectId, params.ticket)),
});
