import { unknownAgentPath } from '@/server/agent/http/agent-methods';

/** Any /agent path no route file or page serves: 404 `route_not_found` in the agent envelope. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownAgentPath();
