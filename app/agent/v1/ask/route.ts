import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { agentStreamFault } from '@/server/agent/http/agent-sse';
import { askEndpoint } from '@/server/agent/http/endpoints/ask';
import { askAgent, streamAsk } from '@/server/agent/ask/ask-agent';
import { askRequestFromBody } from '@/server/agent/ask/ask-request';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(askEndpoint, ({ caller, body, requestId, language }) => {
    const ask = askRequestFromBody(caller, body);
    return body.stream ? streamAsk(ask, agentStreamFault(requestId, language)) : askAgent(ask);
  }),
});
