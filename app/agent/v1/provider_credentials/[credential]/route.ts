import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { deleteProviderCredentialEndpoint, getProviderCredentialEndpoint } from '@/server/agent/http/endpoints/provider-credentials';
import { deleteProviderCredential, getProviderCredential } from '@/server/agent/credentials/provider-credentials';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getProviderCredentialEndpoint, ({ caller, params }) => getProviderCredential(caller.projectId, params.credential)),
  DELETE: agentRoute(deleteProviderCredentialEndpoint, ({ caller, params }) => deleteProviderCredential(caller.projectId, params.credential)),
});
