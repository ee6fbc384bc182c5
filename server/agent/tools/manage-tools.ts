import { db, Prisma, type AgentTool } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { AgentWarningCode } from '@/server/errors/agent-codes';
import { AgentError } from '@/server/errors/agent-error';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { callHttpTool } from './call-http-tool';
import { checkTool } from './check-tool';
import { checkArguments } from './parameters-validator';
import type { PlaceholderScope } from './placeholders';
import type { ResponseProjection } from './project-response';
import type { NewTool, ToolHttp, ToolPatch } from './tool-schema';

export const presentTool = (row: AgentTool) => ({
  id: row.id,
  object: 'tool' as const,
  name: row.name,
  description: row.description,
  parameters: row.parameters,
  requires_verified_customer: row.requiresVerifiedCustomer,
  http: row.http,
  response: row.response,
  timeout_ms: row.timeoutMs,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A stored tool as the NewTool shape its checks and calls take. */
const toolOf = (row: AgentTool): NewTool => ({
  name: row.name,
  description: row.description,
  parameters: row.parameters as NewTool['parameters'],
  requires_verified_customer: row.requiresVerifiedCustomer,
  http: row.http as unknown as ToolHttp,
  response: row.response as unknown as ResponseProjection,
  timeout_ms: row.timeoutMs,
});

const columnsOf = (tool: NewTool) => ({
  name: tool.name,
  description: tool.description,
  parameters: tool.parameters as Prisma.InputJsonObject,
  requiresVerifiedCustomer: tool.requires_verified_customer,
  http: tool.http as Prisma.InputJsonObject,
  response: tool.response as Prisma.InputJsonObject,
  timeoutMs: tool.timeout_ms,
});

export async function createTool(
  projectId: string,
  tool: NewTool,
): Promise<{ tool: ReturnType<typeof presentTool>; warnings: AgentWarningCode[] }> {
  const warnings = checkTool(tool);
  const row = await uniqueName(tool.name, () => db.agentTool.create({ data: { id: newId('agentTool'), projectId, ...columnsOf(tool) } }));
  return { tool: presentTool(row), warnings };
}

/** Replaces the parts given; the whole tool is checked again as a new one would be. */
export async function updateTool(projectId: string, id: string, patch: ToolPatch) {
  const row = await findTool(projectId, id);
  const tool = { ...toolOf(row), ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) } as NewTool;
  const warnings = checkTool(tool);
  const updated = await uniqueName(tool.name, () => db.agentTool.update({ where: { id: row.id }, data: columnsOf(tool) }));
  return { tool: presentTool(updated), warnings };
}

export async function getTool(projectId: string, id: string) {
  return presentTool(await findTool(projectId, id));
}

export function listTools(projectId: string, params: AgentListParams) {
  return pageAgentList(
    params,
    (id) => db.agentTool.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.agentTool.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentTool,
  );
}

export async function deleteTool(projectId: string, id: string) {
  const { count } = await db.agentTool.deleteMany({ where: { id, projectId } });
  if (count === 0) throw notFound();
  return { id, object: 'tool' as const, deleted: true };
}

export interface ToolTestInput {
  arguments: Record<string, unknown>;
  end_user?: { external_id: string; traits: Record<string, unknown> };
  variables: Record<string, unknown>;
}

/**
 * Calls the tool once as a run would, for its author (POST /v1/tools/{tool}/test): the
 * arguments checked against its parameters, a placeholder without a value refused before any
 * call (422 `placeholder_unresolved` naming it), otherwise what happened, with an excerpt of
 * the raw answer.
 */
export async function testTool(projectId: string, id: string, input: ToolTestInput) {
  const tool = toolOf(await findTool(projectId, id));
  checkArguments(tool.parameters, input.arguments);
  const scope: PlaceholderScope = { args: input.arguments, variables: input.variables, endUser: input.end_user, sessionId: 'sess_test' };
  const outcome = await callHttpTool({ http: tool.http, response: tool.response, timeoutMs: tool.timeout_ms }, scope);
  if (outcome.kind === 'unresolved') throw new AgentError('placeholder_unresolved', { param: `{{${outcome.placeholder}}}` });
  const { kind: _kind, ...result } = outcome;
  return result;
}

async function findTool(projectId: string, id: string): Promise<AgentTool> {
  const row = await db.agentTool.findFirst({ where: { id, projectId } });
  if (!row) throw notFound();
  return row;
}

async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new AgentError('name_taken', { param: '/name', details: { name } });
    }
    throw error;
  }
}

const notFound = () => new AgentError('resource_not_found', { details: { resource: 'tool' } });
