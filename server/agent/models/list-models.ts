import { pageAgentArray, type AgentListParams } from '@/server/agent/http/agent-paging';
import { modelCatalogue } from './catalogue';
import { isModelConfigured, loadProjectModelAccess } from './project-model-access';

/** GET /v1/models: the catalogue as this project sees it. */
export async function listModels(projectId: string, params: AgentListParams) {
  const access = await loadProjectModelAccess(projectId);
  const models = modelCatalogue.map((model) => ({
    id: model.id,
    object: 'model' as const,
    provider: model.provider,
    platform_provided: model.platform_provided,
    allowed_on_plan: access.plan.allowsModel(model.id),
    configured: isModelConfigured(access, model),
    context_window: model.context_window,
    price_per_mtok: model.price_per_mtok,
  }));
  return pageAgentArray(params, models);
}
