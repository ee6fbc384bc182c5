import { AgentError } from '@/server/errors/agent-error';

/** The only version of the agent service's API; echoed on every response. */
export const AGENT_API_VERSION = '2026-10-06';
export const AGENT_VERSION_HEADER = 'Agent-Version';

export function checkAgentVersion(value: string | null): void {
  if (value !== null && value !== AGENT_API_VERSION) {
    throw new AgentError('invalid_api_version', { param: AGENT_VERSION_HEADER, details: { version: JSON.stringify(value) } });
  }
}
