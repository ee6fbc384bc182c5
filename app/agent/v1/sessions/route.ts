import { callerMay } from '@/server/agent/access/authenticate-agent-caller';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { createSessionEndpoint, listSessionsEndpoint } from '@/server/agent/http/endpoints/sessions';
import { externalIdWarning } from '@/server/agent/end-users/external-id';
import { getOrCreateSession, listSessions } from '@/server/agent/sessions/manage-sessions';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listSessionsEndpoint, ({ caller, query }) => listSessions(caller.projectId, query)),
  POST: agentRoute(createSessionEndpoint, async ({ caller, body, warn }) => {
    const { session, created, ignored } = await getOrCreateSession(caller.projectId, body, callerMay(caller, 'agents:write'));
    for (const [param, id] of [
      ['/external_id', body.external_id],
      ['/end_user/external_id', body.end_user?.external_id],
    ] as const) {
      const looksPersonal = id === undefined ? null : externalIdWarning(id);
      if (looksPersonal) warn(looksPersonal, param);
    }
    if (ignored) warn('create_params_ignored');
    return agentReply(session, { status: created ? 201 : 200 });
  }),
});
