import { db, Prisma, type KnowledgeSource } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { checkCustomerUrl } from '@/server/agent/http/customer-url';
import { presentKnowledgeSource } from './present-knowledge-source';

export type NewKnowledgeSource = { name: string } & ({ type: 'text' | 'markdown'; content: string } | { type: 'url'; url: string });

/**
 * Stores a source as `indexing` and, in the same transaction, the job that reads and indexes
 * it in the worker (docs/agent-api.md §1.3: 202). A URL is judged now by the contract's rule and
 * again at connect time.
 */
export async function createKnowledgeSource(projectId: string, input: NewKnowledgeSource) {
  const url = input.type === 'url' ? checkCustomerUrl(input.url, '/url') : null;
  if (await db.knowledgeSource.findUnique({ where: { projectId_name: { projectId, name: input.name } }, select: { id: true } })) {
    throw nameTaken(input.name);
  }
  const id = newId('knowledgeSource');
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.knowledgeSource.create({
        data: { id, projectId, name: input.name, type: input.type, url, content: input.type === 'url' ? null : input.content },
      });
      await addOutboxJob(prismaSql(tx), { queue: 'knowledge', name: 'knowledge.index', data: { sourceId: id }, jobId: `knowledge.index-${id}` });
      return created;
    });
    return presentKnowledgeSource(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw nameTaken(input.name);
    throw error;
  }
}

export async function getKnowledgeSource(projectId: string, id: string) {
  return presentKnowledgeSource(await findKnowledgeSource(projectId, id));
}

export function listKnowledgeSources(projectId: string, params: AgentListParams) {
  return pageAgentList(
    params,
    (id) => db.knowledgeSource.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.knowledgeSource.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentKnowledgeSource,
  );
}

/** Deletes a source and its passages; agents that name it fail their checks until changed. */
export async function deleteKnowledgeSource(projectId: string, id: string) {
  const { count } = await db.knowledgeSource.deleteMany({ where: { id, projectId } });
  if (count === 0) throw notFound();
  return { id, object: 'knowledge_source' as const, deleted: true };
}

async function findKnowledgeSource(projectId: string, id: string): Promise<KnowledgeSource> {
  const row = await db.knowledgeSource.findFirst({ where: { id, projectId } });
  if (!row) throw notFound();
  return row;
}

const nameTaken = (name: string) => new AgentError('name_taken', { param: '/name', details: { name } });
const notFound = () => new AgentError('resource_not_found', { details: { resource: 'knowledge source' } });
