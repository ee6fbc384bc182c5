import type { z } from 'zod';
import type { AgentAccess, AgentEndpointSpec } from '@/server/agent/http/agent-endpoint';
import type { EndpointSpec } from '@/server/api/endpoint';

/**
 * Declares one operation of a contract: a /v1 spec names its key `scope`, an /agent/v1 spec
 * its `access` (and `permission`). The spec is returned as written, with its schemas' and
 * access kind's types kept for the route wrapper (`apiRoute`, `agentRoute`).
 */
export function defineEndpoint<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType>(
  spec: EndpointSpec<P, Q, B>,
): EndpointSpec<P, Q, B>;
export function defineEndpoint<
  P extends z.ZodObject,
  Q extends z.ZodObject,
  B extends z.ZodType,
  A extends AgentAccess,
  E extends boolean = false,
>(spec: AgentEndpointSpec<P, Q, B, A, E>): AgentEndpointSpec<P, Q, B, A, E>;
export function defineEndpoint(spec: EndpointSpec | AgentEndpointSpec) {
  return spec;
}
