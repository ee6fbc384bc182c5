import { z } from 'zod';
import type { AgentPermission } from '@/server/agent/access/agent-permissions';
import { memberWithPermission } from '@/server/agent/access/member-project';
import { createAgent, getAgent, listAgents, listAgentVersions, publishAgent, updateAgentDraft } from '@/server/agent/agents/manage-agents';
import {
  createProviderCredential,
  deleteProviderCredential,
  listProviderCredentials,
  recheckProviderCredential,
} from '@/server/agent/credentials/provider-credentials';
import { createAgentEndpoint, updateAgentEndpoint } from '@/server/agent/http/endpoints/agents';
import { createAgentKeyEndpoint } from '@/server/agent/http/endpoints/api-keys';
import { createKnowledgeSourceEndpoint } from '@/server/agent/http/endpoints/knowledge-sources';
import { createProviderCredentialEndpoint } from '@/server/agent/http/endpoints/provider-credentials';
import { createProjectEndpoint } from '@/server/agent/http/endpoints/projects';
import { createToolEndpoint, testToolEndpoint, updateToolEndpoint } from '@/server/agent/http/endpoints/tools';
import { createAgentKey, listAgentKeys, revokeAgentKey, rollAgentKey } from '@/server/agent/keys/manage-agent-keys';
import { createKnowledgeSource, deleteKnowledgeSource, listKnowledgeSources } from '@/server/agent/knowledge/manage-knowledge-sources';
import { listModels } from '@/server/agent/models/list-models';
import { createProjectAsMember, listProjectsForMember } from '@/server/agent/projects/member-projects';
import { setProjectAiPaused } from '@/server/agent/projects/project';
import { createTool, deleteTool, listTools, testTool, updateTool } from '@/server/agent/tools/manage-tools';
import { listAccounts } from '@/server/accounts/list-accounts';
import { authedProcedure, createTRPCRouter, orgProcedure } from '../init';

/**
 * The agent builder's procedures (issue 20): the same services as the /agent/v1 routes, with
 * the member's role checked by the same permission table (`agent-permissions.ts`) against the
 * project they name. Lists show the newest 100, the most a page holds.
 */
const all = { limit: 100 };
const id = z.string().min(1).max(64);

/** A procedure in the project the input names, for members whose role holds `permission` (else `permission_denied` naming it). */
const may = (permission: AgentPermission) =>
  authedProcedure
    .input(z.object({ projectId: id }))
    .use(async ({ ctx, input, next }) => next({ ctx: { caller: await memberWithPermission(ctx.user, input.projectId, permission) } }));

export const agentsRouter = createTRPCRouter({
  /** The organization's agent projects, and what the member's role lets them change. */
  projects: orgProcedure.query(({ ctx }) => listProjectsForMember(ctx.org.id, ctx.role, all)),

  createProject: orgProcedure
    .input(createProjectEndpoint.body!)
    .mutation(({ ctx, input }) => createProjectAsMember(ctx.org.id, ctx.role, input.name)),

  setAiPaused: may('projects:write')
    .input(z.object({ paused: z.boolean() }))
    .mutation(({ ctx, input }) => setProjectAiPaused(ctx.caller.orgId, ctx.caller.projectId, input.paused)),

  models: may('agents:read').query(async ({ ctx }) => (await listModels(ctx.caller.projectId, all)).data),

  /** The organization's WhatsApp numbers, for an agent's channel. */
  whatsappAccounts: may('agents:read').query(async ({ ctx }) =>
    (await listAccounts(ctx.caller.orgId)).map((a) => ({ id: a.id, name: a.name, phone: a.displayPhoneNumber })),
  ),

  list: may('agents:read').query(async ({ ctx }) => (await listAgents(ctx.caller.projectId, all)).data),

  get: may('agents:read')
    .input(z.object({ agent: id }))
    .query(({ ctx, input }) => getAgent(ctx.caller.projectId, input.agent)),

  create: may('agents:write')
    .input(z.object({ agent: createAgentEndpoint.body! }))
    .mutation(({ ctx, input }) => createAgent(ctx.caller.projectId, input.agent)),

  /** A merge patch of the draft, applied only if `etag` is still the draft's (else `etag_mismatch`). */
  saveDraft: may('agents:write')
    .input(z.object({ agent: id, etag: z.string().min(1).max(100), patch: updateAgentEndpoint.body! }))
    .mutation(({ ctx, input }) => updateAgentDraft(ctx.caller.projectId, input.agent, input.etag, input.patch)),

  publish: may('agents:write')
    .input(z.object({ agent: id, etag: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => publishAgent(ctx.caller.projectId, input.agent, input.etag)),

  versions: may('agents:read')
    .input(z.object({ agent: id }))
    .query(async ({ ctx, input }) => (await listAgentVersions(ctx.caller.projectId, input.agent, all)).data),

  tools: may('tools:read').query(async ({ ctx }) => (await listTools(ctx.caller.projectId, all)).data),

  createTool: may('tools:write')
    .input(z.object({ tool: createToolEndpoint.body! }))
    .mutation(({ ctx, input }) => createTool(ctx.caller.projectId, input.tool)),

  updateTool: may('tools:write')
    .input(z.object({ tool: id, patch: updateToolEndpoint.body! }))
    .mutation(({ ctx, input }) => updateTool(ctx.caller.projectId, input.tool, input.patch)),

  deleteTool: may('tools:write')
    .input(z.object({ tool: id }))
    .mutation(({ ctx, input }) => deleteTool(ctx.caller.projectId, input.tool)),

  testTool: may('tools:write')
    .input(z.object({ tool: id, call: testToolEndpoint.body! }))
    .mutation(({ ctx, input }) => testTool(ctx.caller.projectId, input.tool, input.call)),

  knowledge: may('knowledge:read').query(async ({ ctx }) => (await listKnowledgeSources(ctx.caller.projectId, all)).data),

  createKnowledge: may('knowledge:write')
    .input(z.object({ source: createKnowledgeSourceEndpoint.body! }))
    .mutation(({ ctx, input }) => createKnowledgeSource(ctx.caller.projectId, input.source)),

  deleteKnowledge: may('knowledge:write')
    .input(z.object({ source: id }))
    .mutation(({ ctx, input }) => deleteKnowledgeSource(ctx.caller.projectId, input.source)),

  credentials: may('credentials:read').query(async ({ ctx }) => (await listProviderCredentials(ctx.caller.projectId, all)).data),

  createCredential: may('credentials:write')
    .input(z.object({ credential: createProviderCredentialEndpoint.body! }))
    .mutation(({ ctx, input }) => createProviderCredential(ctx.caller.projectId, input.credential)),

  recheckCredential: may('credentials:write')
    .input(z.object({ credential: id }))
    .mutation(({ ctx, input }) => recheckProviderCredential(ctx.caller.projectId, input.credential)),

  deleteCredential: may('credentials:write')
    .input(z.object({ credential: id }))
    .mutation(({ ctx, input }) => deleteProviderCredential(ctx.caller.projectId, input.credential)),

  keys: may('keys:write').query(async ({ ctx }) => (await listAgentKeys(ctx.caller, all)).data),

  createKey: may('keys:write')
    .input(z.object({ key: createAgentKeyEndpoint.body! }))
    .mutation(({ ctx, input }) => createAgentKey(ctx.caller, input.key)),

  revokeKey: may('keys:write')
    .input(z.object({ key: id }))
    .mutation(({ ctx, input }) => revokeAgentKey(ctx.caller, input.key)),

  rollKey: may('keys:write')
    .input(z.object({ key: id }))
    .mutation(({ ctx, input }) => rollAgentKey(ctx.caller, input.key)),
});
