import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { agentStreamFault } from '@/server/agent/http/agent-sse';
import { askEndpoint } from '@/server/agent/http/endpoints/ask';
import { askAgent, streamAsk } from '@/server/agent/ask/ask-agent';
import { askRequestFromBody, sessionAskFromBody } from '@/server/agent/ask/ask-request';
import { askInSession, streamAskInSession } from '@/server/agent/runs/ask-in-session';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(askEndpoint, ({ caller, body, request, requestId, language }) => {
    if (body.session !== undefined) {
      const ask = sessionAskFromBody(caller, { ...body, session: body.session });
      return body.stream ? streamAskInSession(caller, ask, { request, requestId, language }) : askInSession(caller, ask);
    }
    const ask = askRequestFromBody(caller, body);
    return body.stream ? streamAsk(ask, agentStreamFault(requestId, language)) : askAgent(ask);
  }),
});
