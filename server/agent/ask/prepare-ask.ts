import { AgentError } from '@/server/errors/agent-error';
import { assertAgentReady } from '@/server/agent/agents/agent-readiness';
import { findPublishedAgent } from '@/server/agent/agents/find-agent';
import type { ClientTool } from '@/server/agent/agents/agent-config';
import { findCatalogueModel, type CatalogueModel } from '@/server/agent/models/catalogue';
import { loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import type { ModelRequest, ModelSampling, ModelTool, ModelToolChoice, ModelTurn } from '@/server/agent/providers/model-events';
import { admitConversation } from '@/server/agent/usage/ai-usage-limits';
import { checkOverrides } from './ask-overrides';
import { fillInstructions, resolveVariables, type VariableValue } from './ask-variables';
import { checkRequestedModel, modelCandidates, type ModelCandidate } from './model-candidates';

/** An ask in the service's terms, whichever endpoint it came through (ask, chat completions). */
export interface AskRequest {
  projectId: string;
  orgId: string;
  agent: string;
  version?: number;
  /** The conversation for the model; the last turn is the user's input. */
  turns: ModelTurn[];
  inputText: string;
  variables: Record<string, VariableValue>;
  overrides: Record<string, unknown>;
  /** The agent's client tools the caller can run in this request, each with the parameter that named it. */
  clientTools: Array<{ name: string; param: string }>;
  /** Which tools the model may call (chat completions' `tool_choice`); `auto` without it. */
  toolChoice?: ModelToolChoice;
  sampling?: ModelSampling;
  /** The request's own name for an override field, so a refusal names what the caller sent (chat completions). */
  overrideParams?: Partial<Record<string, string>>;
  /** Accepted and kept on the run, not used (chat completions' `user`, `metadata`, `store`). */
  recorded?: Record<string, unknown>;
}

/** What an ask run keeps so that tool outputs can continue it later (POST /v1/runs/{run}/tool_outputs). */
export interface AskRunOptions {
  request: Omit<ModelRequest, 'model' | 'turns'>;
  maxToolRounds: number;
  recorded?: Record<string, unknown>;
}

export interface PreparedAsk {
  orgId: string;
  projectId: string;
  agentId: string;
  agentSlug: string;
  agentVersion: number;
  inputText: string;
  candidates: ModelCandidate[];
  /** The model request without its model name, which each candidate sets. */
  request: Omit<ModelRequest, 'model'>;
  /** After this many rounds of tool calls the model is asked once more with `tool_choice: none`. */
  maxToolRounds: number;
  recorded?: Record<string, unknown>;
}

/**
 * Everything that can refuse an ask before a provider is called, in the contract's order:
 * the agent (404, archived, not ready), variables, client tools, overrides and the model they
 * pick, then the organization's daily cost cap and monthly conversation quota; each ask
 * counts as one AI conversation.
 */
export async function prepareAsk(ask: AskRequest): Promise<PreparedAsk> {
  const [{ agent, version, config }, access] = await Promise.all([
    findPublishedAgent(ask.projectId, ask.agent, ask.version),
    loadProjectModelAccess(ask.projectId),
  ]);
  assertAgentReady(agent.slug, config, access);

  const variables = resolveVariables(config.variables, ask.variables);
  const tools = declaredClientTools(config.tools.client, ask.clientTools);
  const toolChoice = checkToolChoice(ask.toolChoice, tools);
  const overrides = checkOverrides(ask.overrides, config, ask.overrideParams);
  const primary = overrides.model
    ? checkRequestedModel(overrides.model, access, config.provider_credential, ask.overrideParams?.model)
    : findCatalogueModel(config.model.id);
  // Readiness has just checked the configured model against the catalogue.
  if (!primary) throw new AgentError('internal_error');
  const jsonMode = ask.sampling?.jsonMode === true;
  if (jsonMode && !canDoJsonMode(primary)) throw new AgentError('unsupported_parameter', { param: 'response_format' });
  const candidates = modelCandidates(primary, config.model.fallback_models, access, config.provider_credential).filter(
    (candidate) => !jsonMode || canDoJsonMode(candidate.model),
  );
  if (candidates.length === 0)
    throw new AgentError('agent_not_ready', { param: 'agent', details: { blockers: 'no_provider_key', agent: agent.slug } });

  await admitConversation(ask.orgId, { dailyCostCapMicros: access.dailyCostCapMicros, monthlyConversations: access.plan.monthlyConversations });

  const instructions = [fillInstructions(config.instructions, variables), overrides.instructions_append].filter(Boolean).join('\n\n');
  return {
    orgId: ask.orgId,
    projectId: ask.projectId,
    agentId: agent.id,
    agentSlug: agent.slug,
    agentVersion: version,
    inputText: ask.inputText,
    candidates,
    request: {
      ...ask.sampling,
      instructions: instructions || undefined,
      turns: ask.turns,
      tools: tools.length > 0 ? tools : undefined,
      toolChoice,
      temperature: overrides.temperature ?? config.model.temperature,
      maxTokens: overrides.max_reply_tokens ?? config.model.max_reply_tokens,
    },
    maxToolRounds: config.tools.max_tool_rounds,
    recorded: ask.recorded,
  };
}

/** The client tools named in the request, each one the agent declares (else 400 `tool_not_declared`). */
function declaredClientTools(declared: ClientTool[], named: AskRequest['clientTools']): ModelTool[] {
  return named.map(({ name, param }) => {
    const tool = declared.find((t) => t.name === name);
    if (!tool) throw new AgentError('tool_not_declared', { param, details: { param: name } });
    return { name: tool.name, description: tool.description, parameters: tool.parameters as { type: 'object' } };
  });
}

/** A named tool must be one the request offers; `required` needs one offered. */
function checkToolChoice(choice: ModelToolChoice | undefined, tools: ModelTool[]): ModelToolChoice | undefined {
  if (choice === undefined || choice === 'auto' || choice === 'none') return choice;
  if (choice === 'required' && tools.length > 0) return choice;
  if (typeof choice === 'object' && tools.some((tool) => tool.name === choice.name)) return choice;
  const param = typeof choice === 'object' ? '/tool_choice/function/name' : '/tool_choice';
  throw new AgentError('tool_not_declared', { param, details: { param: typeof choice === 'object' ? choice.name : 'tools' } });
}

/** Anthropic's Messages API has no JSON mode; OpenAI's two APIs have. */
export const canDoJsonMode = (model: CatalogueModel) => model.api !== 'anthropic_messages';
