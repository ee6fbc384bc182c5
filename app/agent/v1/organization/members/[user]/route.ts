import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { changeMemberRoleEndpoint, removeMemberEndpoint } from '@/server/agent/http/endpoints/organization';
import { removeMemberByUser, setMemberRole } from '@/server/agent/organization/members';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  PATCH: agentRoute(changeMemberRoleEndpoint, ({ caller, params, body }) => setMemberRole(caller, params.user, body.role)),
  DELETE: agentRoute(removeMemberEndpoint, ({ caller, params }) => removeMemberByUser(caller, params.user)),
});
