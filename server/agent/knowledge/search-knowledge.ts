import { db } from '@/server/db';
import { searchQueryOf } from './search-text';

export interface KnowledgePassage {
  source_id: string;
  source_name: string;
  heading: string | null;
  text: string;
  score: number;
}

/**
 * The builtin `search_knowledge` (docs/agent-api.md §1.10): the passages of the given sources of the
 * project that best match the query, by PostgreSQL full-text search in the `simple`
 * configuration over normalised text (search-text.ts), ranked by cover density.
 */
export async function searchKnowledge(projectId: string, sourceIds: string[], query: string, limit = 5): Promise<KnowledgePassage[]> {
  const tsQuery = searchQueryOf(query);
  if (!tsQuery || sourceIds.length === 0) return [];
  // Raw SQL: full-text matching and ranking, which the ORM cannot say.
  const rows = await db.$queryRaw<Array<{ source_id: string; source_name: string; heading: string | null; text: string; score: number }>>`
    SELECT c.source_id, s.name AS source_name, c.heading, c.text, ts_rank_cd(c.search_vector, q)::float8 AS score
    FROM knowledge_chunks c JOIN knowledge_sources s ON s.id = c.source_id, to_tsquery('simple', ${tsQuery}) q
    WHERE s.project_id = ${projectId} AND s.id = ANY(${sourceIds}::text[]) AND s.status = 'ready' AND c.search_vector @@ q
    ORDER BY score DESC, c.source_id, c.position
    LIMIT ${limit}`;
  return rows;
}
