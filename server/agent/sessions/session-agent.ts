import type { Agent, AgentSession } from '@/server/db';
import { readAgentConfig, type AgentConfig } from '@/server/agent/agents/agent-config';
import { findAgent, findPublishedAgent } from '@/server/agent/agents/find-agent';

export interface SessionAgent {
  agent: Agent;
  /** The version that answers; 0 for the playground's draft. */
  version: number;
  config: AgentConfig;
}

/**
 * What answers a session now: its agent's published version (following new publishes), the
 * version it is pinned to, or, in the playground, the draft. An archived agent is 409
 * `agent_archived`; one never published 409 `agent_not_ready`.
 */
export async function sessionAgent(session: Pick<AgentSession, 'projectId' | 'agentId' | 'version'>): Promise<SessionAgent> {
  if (session.version === 'draft') {
    const agent = await findAgent(session.projectId, session.agentId);
    return { agent, version: 0, config: readAgentConfig(agent.draftConfig) };
  }
  return findPublishedAgent(session.projectId, session.agentId, session.version === 'published' ? undefined : Number(session.version));
}
