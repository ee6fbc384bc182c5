import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { createProviderCredentialEndpoint, listProviderCredentialsEndpoint } from '@/server/agent/http/endpoints/provider-credentials';
import { createProviderCredential, listProviderCredentials } from '@/server/agent/credentials/provider-credentials';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listProviderCredentialsEndpoint, ({ caller, query }) => listProviderCredentials(caller.projectId, query)),
  POST: agentRoute(createProviderCredentialEndpoint, ({ caller, body }) => createProviderCredential(caller.projectId, body)),
});
