import type { AgentEndpointSpec } from '../agent-endpoint';
import { agentEndpoints } from './agents';
import { apiKeyEndpoints } from './api-keys';
import { askEndpoints } from './ask';
import { chatCompletionsEndpoints } from './chat-completions';
import { endUserEndpoints } from './end-users';
import { identityEndpoints } from './identity';
import { knowledgeSourceEndpoints } from './knowledge-sources';
import { modelEndpoints } from './models';
import { organizationEndpoints } from './organization';
import { projectEndpoints } from './projects';
import { providerCredentialEndpoints } from './provider-credentials';
import { referenceEndpoints } from './reference';
import { runEndpoints } from './runs';
import { sessionEndpoints } from './sessions';
import { ticketEndpoints } from './tickets';
import { handoffEndpoints } from './handoffs';
import { toolEndpoints } from './tools';
import { webhookEndpointEndpoints } from './webhook-endpoints';
import { widgetEndpoints } from './widget';

/**
 * Every /agent/v1 operation, for the OpenAPI document and the reference. An endpoint's spec
 * lives in the file of its area here; add the area's list below.
 */
export const allAgentEndpoints: AgentEndpointSpec[] = [
  ...identityEndpoints,
  ...organizationEndpoints,
  ...projectEndpoints,
  ...apiKeyEndpoints,
  ...modelEndpoints,
  ...providerCredentialEndpoints,
  ...agentEndpoints,
  ...endUserEndpoints,
  ...knowledgeSourceEndpoints,
  ...toolEndpoints,
  ...sessionEndpoints,
  ...runEndpoints,
  ...handoffEndpoints,
  ...ticketEndpoints,
  ...webhookEndpointEndpoints,
  ...askEndpoints,
  ...chatCompletionsEndpoints,
  ...widgetEndpoints,
  ...referenceEndpoints,
];
