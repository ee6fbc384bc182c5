import { AgentError } from '@/server/errors/agent-error';
import { pageAgentArray, type AgentListParams } from '@/server/agent/http/agent-paging';
import { findCatalogueModel, modelCatalogue, type CatalogueModel } from './catalogue';
import { isModelConfigured, loadProjectModelAccess, type ProjectModelAccess } from './project-model-access';

/** OpenAI's `created` for every catalogue entry: when this catalogue's models were first offered (2026-01-01 UTC). */
const CATALOGUE_CREATED = 1_767_225_600;

/** GET /v1/models: the catalogue as this project sees it. */
export async function listModels(projectId: string, params: AgentListParams) {
  const access = await loadProjectModelAccess(projectId);
  return pageAgentArray(
    params,
    modelCatalogue.map((model) => presentModel(model, access)),
  );
}

/** GET /v1/models/{model}: one entry; an id not in the catalogue is 404. */
export async function getModel(projectId: string, modelId: string) {
  const model = findCatalogueModel(modelId);
  if (!model) throw new AgentError('resource_not_found', { param: 'model', details: { resource: 'model' } });
  return presentModel(model, await loadProjectModelAccess(projectId));
}

function presentModel(model: CatalogueModel, access: ProjectModelAccess) {
  return {
    id: model.id,
    object: 'model' as const,
    created: CATALOGUE_CREATED,
    owned_by: model.provider,
    provider: model.provider,
    platform_provided: model.platform_provided,
    allowed_on_plan: access.plan.allowsModel(model.id),
    configured: isModelConfigured(access, model),
    context_window: model.context_window,
    price_per_mtok: model.price_per_mtok,
  };
}
