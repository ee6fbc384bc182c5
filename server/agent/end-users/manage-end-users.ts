import { db, Prisma, type AgentEndUser } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { applyMergePatch } from '@/server/agent/agents/merge-patch';
import { checkExternalId } from './external-id';
import { presentEndUser } from './present-end-user';

export type EndUserTraits = Record<string, string | number | boolean | null>;

export interface EndUserInput {
  external_id: string;
  name?: string;
  traits?: EndUserTraits;
}

/**
 * Get-or-create by `external_id` (docs/agent-api.md §1.3): 201 with a new end user, 200 with the one
 * that exists, whose name and traits are not changed (`ignored` says the caller sent some; PATCH
 * changes them). Two callers creating the same one at once get the same row. `verified` is for
 * channels that checked the person themselves (docs/agent-api.md §2.3), never for an API caller.
 */
export async function getOrCreateEndUser(projectId: string, input: EndUserInput, options: { verified?: boolean } = {}) {
  checkExternalId(input.external_id, 'end_user', '/external_id');
  const where = { projectId_externalId: { projectId, externalId: input.external_id } };
  let row = await db.agentEndUser.findUnique({ where });
  let created = false;
  if (!row) {
    try {
      row = await db.agentEndUser.create({
        data: {
          id: newId('endUser'),
          projectId,
          externalId: input.external_id,
          name: input.name ?? null,
          traits: withoutNulls(input.traits ?? {}),
          // A channel that checked who writes (WhatsApp: the platform checked the number).
          verified: options.verified ?? false,
        },
      });
      created = true;
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
      row = await db.agentEndUser.findUniqueOrThrow({ where });
    }
  }
  const ignored = !created && (input.name !== undefined || input.traits !== undefined);
  return { endUser: presentEndUser(row), created, ignored };
}

export async function getEndUser(projectId: string, ref: string) {
  return presentEndUser(await findEndUser(projectId, ref));
}

export function listEndUsers(projectId: string, params: AgentListParams) {
  return pageAgentList(
    params,
    (id) => db.agentEndUser.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.agentEndUser.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentEndUser,
  );
}

/** `name` replaces (null clears it); `traits` is a JSON merge patch: a trait set to null is removed. */
export async function updateEndUser(projectId: string, ref: string, patch: { name?: string | null; traits?: EndUserTraits }) {
  const row = await findEndUser(projectId, ref);
  const traits = patch.traits === undefined ? undefined : (applyMergePatch(row.traits, patch.traits) as Prisma.InputJsonObject);
  const updated = await db.agentEndUser.update({ where: { id: row.id }, data: { name: patch.name, traits } });
  return presentEndUser(updated);
}

/** Erases the end user and, with them, their sessions and messages (the rows cascade). */
export async function deleteEndUser(projectId: string, ref: string) {
  const row = await findEndUser(projectId, ref);
  await db.agentEndUser.delete({ where: { id: row.id } });
  return { id: row.id, object: 'end_user' as const, deleted: true };
}

/** By `eu_…` id or by external id; another project's, or none, is 404. */
async function findEndUser(projectId: string, ref: string): Promise<AgentEndUser> {
  const row = await db.agentEndUser.findFirst({ where: ref.startsWith('eu_') ? { id: ref, projectId } : { projectId, externalId: ref } });
  if (!row) throw new AgentError('resource_not_found', { param: 'end_user', details: { resource: 'end user' } });
  return row;
}

const withoutNulls = (traits: EndUserTraits) => Object.fromEntries(Object.entries(traits).filter(([, value]) => value !== null));
