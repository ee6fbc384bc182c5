import type { AgentEndpointSpec } from '../agent-endpoint';
import { apiKeyEndpoints } from './api-keys';
import { identityEndpoints } from './identity';
import { organizationEndpoints } from './organization';
import { projectEndpoints } from './projects';
import { referenceEndpoints } from './reference';

/**
 * Every /agent/v1 operation, for the OpenAPI document and the reference. An endpoint's spec
 * lives in the file of its area here; add the area's list below.
 */
export const allAgentEndpoints: AgentEndpointSpec[] = [
  ...identityEndpoints,
  ...organizationEndpoints,
  ...projectEndpoints,
  ...apiKeyEndpoints,
  ...referenceEndpoints,
];
