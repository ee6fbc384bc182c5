import type { KnowledgeSource } from '@/server/db';

/** A knowledge source as the API shows it; its text stays inside (search_knowledge quotes passages of it). */
export const presentKnowledgeSource = (row: KnowledgeSource) => ({
  id: row.id,
  object: 'knowledge_source' as const,
  name: row.name,
  type: row.type,
  url: row.url,
  status: row.status,
  error: row.error,
  characters: row.characters,
  created_at: row.createdAt.toISOString(),
  indexed_at: row.indexedAt?.toISOString() ?? null,
});
