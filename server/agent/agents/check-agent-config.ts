import { db } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { findCatalogueModel } from '@/server/agent/models/catalogue';
import { isModelConfigured, type ProjectModelAccess } from '@/server/agent/models/project-model-access';
import { placeholdersIn } from '@/server/agent/tools/placeholders';
import { toolHost } from '@/server/agent/tools/check-tool';
import type { AgentConfig } from './agent-config';

/**
 * What a configuration must hold before it is saved as a draft (API reference, /agent/docs): no secret
 * variable with a default, every model known, the main model and its fallbacks on the plan,
 * every id it names in the project, tool names unique. Pointers in `param` start at the request's `/config`.
 */
export async function checkAgentConfig(projectId: string, config: AgentConfig, access: ProjectModelAccess): Promise<void> {
  // A default is stored with the agent and shown to whoever reads it, so a secret has none.
  const secretDefault = config.variables.findIndex((variable) => variable.secret && variable.default !== undefined);
  if (secretDefault >= 0) {
    throw new AgentError('validation_failed', {
      param: `/config/variables/${secretDefault}/default`,
      details: { detail: 'a secret variable has no default; send its value with each message.' },
    });
  }
  const models: Array<[string, string]> = [
    ['/config/model/id', config.model.id],
    ...config.model.fallback_models.map((id, i): [string, string] => [`/config/model/fallback_models/${i}`, id]),
  ];
  for (const [param, id] of [...models, ...config.overrides.models.map((id, i): [string, string] => [`/config/overrides/models/${i}`, id])]) {
    if (!findCatalogueModel(id)) throw new AgentError('unknown_model', { param, details: { model: id } });
  }
  // A fallback the plan refuses could never answer; overrides.models are checked per request.
  for (const [param, id] of models) {
    if (!access.plan.allowsModel(id)) throw new AgentError('model_not_allowed_on_plan', { param, details: { model: id } });
  }
  await checkReferences(projectId, config);
}

/**
 * What publishing adds: the model must be answerable now (`model_not_configured`), and the
 * draft's checks hold again, as credentials may have gone since it was saved.
 */
export async function checkPublishable(projectId: string, config: AgentConfig, access: ProjectModelAccess): Promise<void> {
  await checkAgentConfig(projectId, config, access);
  const model = findCatalogueModel(config.model.id)!;
  if (!isModelConfigured(access, model, config.provider_credential)) {
    throw new AgentError('model_not_configured', { param: '/config/model/id', details: { model: model.id } });
  }
}

async function checkReferences(projectId: string, config: AgentConfig): Promise<void> {
  if (config.provider_credential !== null) {
    const found = await db.providerCredential.findFirst({ where: { id: config.provider_credential, projectId }, select: { id: true } });
    if (!found) throw new AgentError('reference_not_found', { param: '/config/provider_credential' });
  }
  const tools = await db.agentTool.findMany({
    where: { projectId, id: { in: config.tools.http } },
    select: { id: true, name: true, http: true },
  });
  const missingTool = config.tools.http.findIndex((id) => !tools.some((tool) => tool.id === id));
  if (missingTool >= 0) throw new AgentError('reference_not_found', { param: `/config/tools/http/${missingTool}` });
  if (config.knowledge_sources.length > 0) {
    const found = new Set(
      (await db.knowledgeSource.findMany({ where: { projectId, id: { in: config.knowledge_sources } }, select: { id: true } })).map(
        (row) => row.id,
      ),
    );
    const missing = config.knowledge_sources.findIndex((id) => !found.has(id));
    if (missing >= 0) throw new AgentError('reference_not_found', { param: `/config/knowledge_sources/${missing}` });
  }
  checkToolNames(
    config,
    tools.map((tool) => tool.name),
  );
  checkSecretHosts(
    config,
    tools.map((tool) => tool.http as { url: string; headers?: unknown; query?: unknown; body?: unknown }),
  );
}

function checkToolNames(config: AgentConfig, httpNames: string[]): void {
  const seen = new Set<string>(config.tools.builtin);
  if (seen.size < config.tools.builtin.length) throw new AgentError('tool_name_conflict', { param: '/config/tools/builtin' });
  for (const name of httpNames) {
    if (seen.has(name)) throw new AgentError('tool_name_conflict', { param: '/config/tools/http' });
    seen.add(name);
  }
  for (const [i, tool] of config.tools.client.entries()) {
    if (seen.has(tool.name)) throw new AgentError('tool_name_conflict', { param: `/config/tools/client/${i}/name` });
    seen.add(tool.name);
  }
}

/** A secret variable may reach an HTTP tool only if the tool's host is among its `allowed_hosts` (docs/agent-api.md §1.10). */
function checkSecretHosts(config: AgentConfig, tools: Array<{ url: string; headers?: unknown; query?: unknown; body?: unknown }>): void {
  for (const tool of tools) {
    const used = placeholdersIn([tool.url, tool.headers, tool.query, tool.body]);
    for (const [i, variable] of config.variables.entries()) {
      if (!variable.secret || !used.includes(`variables.${variable.name}`)) continue;
      if (!(variable.allowed_hosts ?? []).includes(toolHost(tool.url))) {
        throw new AgentError('secret_host_not_allowed', { param: `/config/variables/${i}/allowed_hosts` });
      }
    }
  }
}
