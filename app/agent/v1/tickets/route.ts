import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listTicketsEndpoint } from '@/server/agent/http/endpoints/tickets';
import { listTickets } from '@/server/agent/tickets/manage-tickets';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listTicketsEndpoint, ({ caller, query }) => listTickets(caller.projectId, query)),
});
