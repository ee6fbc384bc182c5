import type { AgentSession } from '@/server/db';

export const presentSession = (row: AgentSession) => ({
  id: row.id,
  object: 'session' as const,
  agent: row.agentId,
  external_id: row.externalId,
  end_user: row.endUserId,
  channel: row.channel,
  version: /^\d+$/.test(row.version) ? Number(row.version) : row.version,
  concurrency: row.concurrency,
  variables: row.variables,
  metadata: row.metadata,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  closed_at: row.closedAt?.toISOString() ?? null,
});
