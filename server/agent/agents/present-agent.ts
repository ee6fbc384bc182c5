import type { Agent, AgentVersion } from '@/server/db';
import type { ProjectModelAccess } from '@/server/agent/models/project-model-access';
import { readAgentConfig } from './agent-config';
import { readinessBlockers } from './agent-readiness';

/** An agent as the API shows it: its draft (with the etag `If-Match` needs), published version and readiness. */
export function presentAgent(row: Agent, access: ProjectModelAccess) {
  const config = readAgentConfig(row.draftConfig);
  const blockers = readinessBlockers(config, access);
  return {
    id: row.id,
    object: 'agent' as const,
    name: row.name,
    slug: row.slug,
    status: row.status,
    draft: { config, etag: row.draftEtag, updated_at: row.draftUpdatedAt.toISOString() },
    published_version: row.publishedVersion,
    readiness: { ready: blockers.length === 0, blockers },
    created_at: row.createdAt.toISOString(),
    archived_at: row.archivedAt?.toISOString() ?? null,
  };
}

export const presentAgentVersion = (row: AgentVersion) => ({
  id: row.id,
  object: 'agent_version' as const,
  agent: row.agentId,
  number: row.number,
  config: readAgentConfig(row.config),
  created_at: row.createdAt.toISOString(),
});

/** The `ETag` header of an agent's answers: the draft's etag, quoted as HTTP wants. */
export const agentEtagHeader = (etag: string) => ({ ETag: `"${etag}"` });
