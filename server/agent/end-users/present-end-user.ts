import type { AgentEndUser } from '@/server/db';

export const presentEndUser = (row: AgentEndUser) => ({
  id: row.id,
  object: 'end_user' as const,
  external_id: row.externalId,
  name: row.name,
  traits: row.traits,
  verified: row.verified,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
