import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { db, type Agent } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { readAgentConfig, type AgentConfig } from './agent-config';

/**
 * An agent of the project by `agt_…` id or slug. Another project's agent, or none, is 404
 * `resource_not_found`; an archived one 409 `agent_archived` (it no longer answers), unless
 * the caller only reads it (`archived: true`).
 */
export async function findAgent(projectId: string, ref: string, options: { archived?: boolean } = {}): Promise<Agent> {
  const agent = await db.agent.findFirst({ where: ref.startsWith('agt_') ? { id: ref, projectId } : { projectId, slug: ref } });
  if (!agent) throw new AgentError('resource_not_found', { param: 'agent', details: { resource: 'agent' } });
  if (agent.status === 'archived' && !options.archived) throw new AgentError('agent_archived', { param: 'agent' });
  return agent;
}

export interface PublishedAgent {
  agent: Agent;
  version: number;
  config: AgentConfig;
}

/**
 * The agent's published configuration, or version `number` of it; never the draft. Kept in
 * memory for a few seconds by the caller cache (every ask reads it): whatever changes an
 * agent's status, slug or published version calls notifyCallerChange after it commits.
 */
export function findPublishedAgent(projectId: string, ref: string, number?: number): Promise<PublishedAgent> {
  return cachedCallerLookup(`agent-published:${projectId}:${ref}:${number ?? ''}`, () => loadPublishedAgent(projectId, ref, number));
}

async function loadPublishedAgent(projectId: string, ref: string, number?: number): Promise<PublishedAgent> {
  const agent = await findAgent(projectId, ref);
  const wanted = number ?? agent.publishedVersion;
  if (wanted === null) throw new AgentError('agent_not_ready', { param: 'agent', details: { blockers: 'not_published', agent: agent.slug } });
  const version = await db.agentVersion.findUnique({ where: { agentId_number: { agentId: agent.id, number: wanted } } });
  if (!version) throw new AgentError('resource_not_found', { param: 'agent', details: { resource: `version ${wanted} of this agent` } });
  return { agent, version: version.number, config: readAgentConfig(version.config) };
}
