import type { AgentEndpointSpec } from '../agent-endpoint';
import { askEndpoints } from './ask';
import { chatCompletionsEndpoints } from './chat-completions';
import { modelEndpoints } from './models';
import { providerCredentialEndpoints } from './provider-credentials';

/**
 * Every /agent/v1 operation, for the OpenAPI document and the reference. An endpoint's spec
 * lives in the file of its area here; add the area's list below.
 */
export const allAgentEndpoints: AgentEndpointSpec[] = [...modelEndpoints, ...providerCredentialEndpoints, ...askEndpoints, ...chatCompletionsEndpoints];
