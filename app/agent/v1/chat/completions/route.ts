import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { agentStreamFault } from '@/server/agent/http/agent-sse';
import { chatCompletionsEndpoint } from '@/server/agent/http/endpoints/chat-completions';
import { chatCompletion } from '@/server/agent/chat/chat-completions';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(chatCompletionsEndpoint, ({ caller, body, request, requestId, language, warn }) =>
    chatCompletion(caller, body, agentStreamFault(requestId, language), { request, requestId, language, warn }),
  ),
});
