import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { checkProviderCredentialEndpoint } from '@/server/agent/http/endpoints/provider-credentials';
import { recheckProviderCredential } from '@/server/agent/credentials/provider-credentials';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(checkProviderCredentialEndpoint, ({ caller, params }) => recheckProviderCredential(caller.projectId, params.credential)),
});
