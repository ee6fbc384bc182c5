import { assertAccountsFree } from '@/server/agent/whatsapp/whatsapp-binding';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { parseAgentBody } from '@/server/agent/http/agent-parse';
import { loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import { agentConfigSchema, readAgentConfig, type AgentConfig } from './agent-config';
import { checkAgentConfig, checkPublishable } from './check-agent-config';
import { findAgent } from './find-agent';
import { applyMergePatch } from './merge-patch';
import { presentAgent, presentAgentVersion } from './present-agent';

export const agentSlugPattern = /^[a-z0-9][a-z0-9-]{0,62}$/;

export interface NewAgent {
  name: string;
  slug?: string;
  config: AgentConfig;
}

export interface AgentDraftPatch {
  name?: string;
  slug?: string;
  /** A JSON merge patch (RFC 7386) of the draft configuration. */
  config?: Record<string, unknown>;
}

const newEtag = () => randomBytes(8).toString('hex');

/** Creates an agent with its first draft; nothing is published until `publishAgent`. */
export async function createAgent(projectId: string, input: NewAgent) {
  const access = await loadProjectModelAccess(projectId);
  await checkAgentConfig(projectId, input.config, access);
  await assertNameFree(projectId, input.name);
  const slug = input.slug ?? (await freeSlugFor(projectId, input.name));
  if (input.slug !== undefined) await assertSlugFree(projectId, input.slug);
  const row = await withUniqueNames(input, () =>
    db.agent.create({
      data: { id: newId('agent'), projectId, name: input.name, slug, draftConfig: input.config as object, draftEtag: newEtag() },
    }),
  );
  return presentAgent(row, access);
}

export async function getAgent(projectId: string, ref: string) {
  const row = await findAgent(projectId, ref, { archived: true });
  return presentAgent(row, await loadProjectModelAccess(projectId));
}

export async function listAgents(projectId: string, params: AgentListParams) {
  const access = await loadProjectModelAccess(projectId);
  return pageAgentList(
    params,
    (id) => db.agent.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.agent.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    (row) => presentAgent(row, access),
  );
}

/**
 * Changes the draft when `ifMatch` is its current etag (docs/agent-api.md §1.3): 428 without it, 412
 * when someone changed it since. The write itself is conditional on the etag, so of two editors
 * who read the same draft only the first one's change lands.
 */
export async function updateAgentDraft(projectId: string, ref: string, ifMatch: string | null, patch: AgentDraftPatch) {
  if (ifMatch === null) throw new AgentError('if_match_required', { param: 'If-Match' });
  const agent = await findAgent(projectId, ref);
  const expected = etagsOf(ifMatch);
  if (!expected.includes('*') && !expected.includes(agent.draftEtag)) throw new AgentError('etag_mismatch', { param: 'If-Match' });
  const access = await loadProjectModelAccess(projectId);
  const config =
    patch.config === undefined
      ? readAgentConfig(agent.draftConfig)
      : parseAgentBody(patchedConfigSchema, { config: applyMergePatch(agent.draftConfig, patch.config) }).config;
  await checkAgentConfig(projectId, config, access);
  if (patch.name !== undefined && patch.name !== agent.name) await assertNameFree(projectId, patch.name);
  if (patch.slug !== undefined && patch.slug !== agent.slug) await assertSlugFree(projectId, patch.slug);
  const { count } = await withUniqueNames(patch, () =>
    db.agent.updateMany({
      where: { id: agent.id, draftEtag: agent.draftEtag, status: 'active' },
      data: { name: patch.name, slug: patch.slug, draftConfig: config as object, draftEtag: newEtag(), draftUpdatedAt: new Date() },
    }),
  );
  if (count === 0) throw new AgentError('etag_mismatch', { param: 'If-Match' });
  if (patch.slug !== undefined && patch.slug !== agent.slug) await notifyCallerChange();
  return presentAgent(await db.agent.findUniqueOrThrow({ where: { id: agent.id } }), access);
}

/**
 * Freezes the draft as the next version and makes it the one that answers. With `ifMatch`,
 * only the draft the caller saw is published.
 */
export async function publishAgent(projectId: string, ref: string, ifMatch: string | null) {
  const agent = await findAgent(projectId, ref);
  const access = await loadProjectModelAccess(projectId);
  // The row is locked while the draft is read, checked and frozen: a save or another publish
  // in between waits, so the version holds exactly the draft that was checked.
  const version = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ draft_etag: string; draft_config: unknown; status: string }>>`
      SELECT draft_etag, draft_config, status FROM agents WHERE id = ${agent.id} FOR UPDATE`;
    if (locked?.status !== 'active') throw new AgentError('agent_archived', { param: 'agent' });
    if (ifMatch !== null && !etagsOf(ifMatch).some((etag) => etag === '*' || etag === locked.draft_etag)) {
      throw new AgentError('etag_mismatch', { param: 'If-Match' });
    }
    const config = readAgentConfig(locked.draft_config);
    await checkPublishable(projectId, config, access);
    await assertAccountsFree(tx, projectId, agent.id, config);
    const last = await tx.agentVersion.aggregate({ where: { agentId: agent.id }, _max: { number: true } });
    const number = (last._max.number ?? 0) + 1;
    const created = await tx.agentVersion.create({ data: { id: newId('agentVersion'), agentId: agent.id, number, config: config as object } });
    await tx.agent.update({ where: { id: agent.id }, data: { publishedVersion: number } });
    return created;
  });
  await notifyCallerChange();
  return presentAgentVersion(version);
}

export async function listAgentVersions(projectId: string, ref: string, params: AgentListParams) {
  const agent = await findAgent(projectId, ref, { archived: true });
  return pageAgentList(
    params,
    (id) => db.agentVersion.findFirst({ where: { id, agentId: agent.id }, select: { id: true, createdAt: true } }),
    (window) => db.agentVersion.findMany({ where: { AND: [{ agentId: agent.id }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentAgentVersion,
  );
}

/** Archives an agent: it stops answering (409 `agent_archived`) and keeps its versions and runs. */
export async function archiveAgent(projectId: string, ref: string) {
  const agent = await findAgent(projectId, ref);
  const { count } = await db.agent.updateMany({
    where: { id: agent.id, status: 'active' },
    data: { status: 'archived', archivedAt: new Date() },
  });
  if (count === 0) throw new AgentError('agent_archived', { param: 'agent' });
  await notifyCallerChange();
  return getAgent(projectId, agent.id);
}

/** The merged draft is checked as a request body, so a problem is named by its pointer under `/config`. */
const patchedConfigSchema = z.strictObject({ config: agentConfigSchema });

/** The etags an `If-Match` lists (`"a", W/"b"`, or `*`), without quotes. */
function etagsOf(header: string): string[] {
  return header
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((etag) => etag.length > 0);
}

async function assertNameFree(projectId: string, name: string): Promise<void> {
  if (await db.agent.findUnique({ where: { projectId_name: { projectId, name } }, select: { id: true } })) throw nameTaken(name);
}

async function assertSlugFree(projectId: string, slug: string): Promise<void> {
  if (await db.agent.findUnique({ where: { projectId_slug: { projectId, slug } }, select: { id: true } })) throw slugTaken(slug);
}

/** A slug made from the name, with `-2`, `-3`, … when another agent of the project has it. */
async function freeSlugFor(projectId: string, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'agent';
  const taken = new Set(
    (await db.agent.findMany({ where: { projectId, slug: { startsWith: base } }, select: { slug: true } })).map((row) => row.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/** A concurrent create or rename that took the name or slug first is the same refusal as one seen before. */
async function withUniqueNames<T>(input: { name?: string; slug?: string }, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const fields = String((error.meta as { target?: unknown } | undefined)?.target ?? '');
      throw fields.includes('slug') ? slugTaken(input.slug ?? '') : nameTaken(input.name ?? '');
    }
    throw error;
  }
}

const nameTaken = (name: string) => new AgentError('name_taken', { param: '/name', details: { name } });
const slugTaken = (slug: string) => new AgentError('slug_taken', { param: '/slug', details: { slug } });
