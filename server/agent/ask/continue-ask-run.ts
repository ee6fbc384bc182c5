import type { AgentRun } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { assertAgentReady } from '@/server/agent/agents/agent-readiness';
import { findPublishedAgent } from '@/server/agent/agents/find-agent';
import { findCatalogueModel } from '@/server/agent/models/catalogue';
import { loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import type { ModelTurn } from '@/server/agent/providers/model-events';
import { costCapReached, secondsToUtcMidnight } from '@/server/agent/usage/ai-usage-limits';
import { toolOutputTurns, type ToolOutput, type ToolOutputParams } from '@/server/agent/runs/submit-tool-outputs';
import { resumeAskRun } from './ask-run-rows';
import { canDoJsonMode, type AskRunOptions, type PreparedAsk } from './prepare-ask';
import { modelCandidates } from './model-candidates';

/**
 * Tool outputs for a run of `POST /v1/ask` (or a chat completion), which waits up to 24 hours:
 * checked as a session run's are, then the run is resumed (once) and answered in the caller's
 * request, with the request it was paused in, by the model it was answered by and the agent's
 * fallbacks. The agent must still be ready and the daily cost cap not reached.
 */
export async function prepareAskContinuation(
  run: AgentRun,
  outputs: ToolOutput[],
  params?: ToolOutputParams,
): Promise<{ prepared: PreparedAsk; row: AgentRun }> {
  const toolTurns = await toolOutputTurns(run, outputs, params);
  const options = run.options as unknown as AskRunOptions;
  const [{ agent, config }, access] = await Promise.all([
    findPublishedAgent(run.projectId, run.agentId, run.agentVersion),
    loadProjectModelAccess(run.projectId),
  ]);
  assertAgentReady(agent.slug, config, access);
  const primary = findCatalogueModel(run.model);
  const candidates = primary
    ? modelCandidates(primary, config.model.fallback_models, access, config.provider_credential).filter(
        (candidate) => !options.request.jsonMode || canDoJsonMode(candidate.model),
      )
    : [];
  if (candidates.length === 0)
    throw new AgentError('agent_not_ready', { param: 'agent', details: { blockers: 'no_provider_key', agent: agent.slug } });
  if (await costCapReached(run.orgId, access.dailyCostCapMicros))
    throw new AgentError('cost_cap_exceeded', { headers: { 'Retry-After': String(secondsToUtcMidnight()) } });

  const row = await resumeAskRun(run.id);
  if (!row) throw new AgentError('run_not_requires_action', { param: 'run' });
  return {
    row,
    prepared: {
      orgId: run.orgId,
      projectId: run.projectId,
      agentId: run.agentId,
      agentSlug: agent.slug,
      agentVersion: run.agentVersion,
      inputText: run.input,
      candidates,
      request: { ...options.request, turns: [...((run.turns as ModelTurn[] | null) ?? []), ...toolTurns] },
      maxToolRounds: options.maxToolRounds,
      recorded: options.recorded,
    },
  };
}
