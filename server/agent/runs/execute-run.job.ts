import { hostname } from 'node:os';
import { config } from '@/server/config';
import { AgentError, runError } from '@/server/errors/agent-error';
import { listenToChannel } from '@/server/live/live-subscriber';
import { logger } from '@/server/logger';
import { fillInstructions, resolveVariables, type VariableValue } from '@/server/agent/ask/ask-variables';
import type { AskOverrides } from '@/server/agent/ask/ask-overrides';
import { modelCandidates } from '@/server/agent/ask/model-candidates';
import { markProviderCredentialInvalid } from '@/server/agent/credentials/provider-credentials';
import { findCatalogueModel } from '@/server/agent/models/catalogue';
import { loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import type { ModelRequest, ModelToolCall, ModelTurn } from '@/server/agent/providers/model-events';
import { foldModelEvent, type ModelAnswer } from '@/server/agent/providers/model-answer';
import { ProviderFailure } from '@/server/agent/providers/provider-failure';
import { streamWithFallback, type FallbackAttempt } from '@/server/agent/providers/stream-with-fallback';
import { sessionAgent } from '@/server/agent/sessions/session-agent';
import { addCost, costCapReached } from '@/server/agent/usage/ai-usage-limits';
import { endRun, pauseForToolOutputs, type RunUsage } from './end-run';
import { historyTurns, HISTORY_MESSAGES } from './session-history';
import { claimRun, renewLease, type ClaimedRun } from './run-rows';
import { runCancelChannel, runEventLog, type EventLog } from './run-stream';
import { redactText } from './redact-secrets';
import { hasRunSecrets, readRunSecrets } from './run-secrets';
import { recordToolMessages } from './tool-messages';
import {
  handoffArguments,
  loadRunTools,
  MAX_CALLS_PER_ROUND,
  runServerCalls,
  skippedCall,
  type RunTools,
  type ToolCallResult,
} from './run-tools';
import { escalationReply } from '@/server/agent/handoffs/escalation-reply';
import { presentRun } from '@/server/agent/ask/present-run';
import { whatsAppOriginOf } from '@/server/agent/channels/whatsapp-origin';
import { showTyping } from '@/server/agent/channels/whatsapp-replies';

const workerName = `${hostname()}-${process.pid}`;
/** How long the outputs of client tools are awaited (docs/agent-errors.md, Limits). */
const TOOL_OUTPUTS_WINDOW_MS = 10 * 60_000;

/**
 * Executes one step of a session run in the worker (docs/agent-api.md §1.4): claims it under a lease
 * (a run whose lease another worker holds, or that is no longer in progress, is left alone:
 * a run is never executed twice), renews the lease while it streams the model's answer into the
 * run's event log, runs up to 5 server-side tool calls per round, pauses for client tools, and
 * ends it. A cancel (or takeover) seen on the run's channel stops it; its reply is discarded.
 */
export async function executeRunJob(_job: unknown, data: { runId: string; step: number }): Promise<void> {
  const workerId = `${workerName}-${data.step}-${Math.random().toString(36).slice(2, 8)}`;
  const claimed = await claimRun(workerId, data.runId, config.AGENT_RUN_LEASE_MS, HISTORY_MESSAGES);
  if (!claimed) return;
  const { run } = claimed;

  const aborter = new AbortController();
  await listenForCancels();
  executing.set(run.id, aborter);
  const lease = setInterval(() => {
    renewLease(workerId, run.id, config.AGENT_RUN_LEASE_MS)
      .then((held) => held || aborter.abort(new RunStopped()))
      .catch((err: Error) => logger.warn({ runId: run.id, err: err.message }, 'run lease not renewed'));
  }, config.AGENT_RUN_LEASE_MS / 3);
  try {
    await executeRun(claimed, workerId, aborter.signal);
  } catch (error) {
    if (error instanceof RunStopped || aborter.signal.aborted) return;
    logger.error({ runId: run.id, err: error }, 'run failed unexpectedly');
    await endRun(run, workerId, { status: 'failed', error: runError('internal_error') }).catch(() => {});
  } finally {
    clearInterval(lease);
    executing.delete(run.id);
  }
}

/** The run was cancelled or taken from this worker: stop without writing anything. */
class RunStopped extends Error {}

/** The runs this process executes, to stop one when it is cancelled or ended elsewhere. */
const executing = new Map<string, AbortController>();
let cancelsHeard: Promise<unknown> | undefined;

/** One subscription per process to the runs' cancel announcements (not one per run). */
function listenForCancels(): Promise<unknown> {
  return (cancelsHeard ??= listenToChannel(runCancelChannel(), (message) => executing.get(message.data)?.abort(new RunStopped())));
}

async function executeRun(session: ClaimedRun, workerId: string, signal: AbortSignal): Promise<void> {
  const run = { ...session.run, workerId };
  const target = { runId: run.id, sessionId: run.sessionId };
  const events = runEventLog(target);
  events.add('run.in_progress', presentRun({ ...run, status: 'in_progress' }));
  // A WhatsApp run shows the customer it is answering (read, typing), once, as it starts.
  const origin = whatsAppOriginOf(run);
  if (origin && run.turns === null) await showTyping(origin);
  const fail = (code: Parameters<typeof runError>[0], details = {}) =>
    endRun(run, run.workerId, { status: 'failed', error: runError(code, details) }, events);

  let answering: Awaited<ReturnType<typeof sessionAgent>>;
  try {
    answering = await sessionAgent({ projectId: run.projectId, agentId: run.agentId, version: session.sessionVersion });
  } catch (error) {
    if (error instanceof AgentError) return fail(error.code);
    throw error;
  }
  const { config: agentConfig } = answering;
  const access = await loadProjectModelAccess(run.projectId);
  const options = run.options as {
    variables?: Record<string, VariableValue>;
    browser_variables?: Record<string, VariableValue>;
    overrides?: AskOverrides;
  };
  const secrets = hasRunSecrets(run) ? await readRunSecrets(run.id) : {};
  let variables;
  try {
    variables = resolveVariables(agentConfig.variables, {
      ...options.browser_variables,
      ...(session.sessionVariables as Record<string, VariableValue>),
      ...options.variables,
      ...secrets,
    });
  } catch (error) {
    if (error instanceof AgentError) return fail(error.code, error.details);
    throw error;
  }
  const primary = findCatalogueModel(run.model);
  const candidates = primary ? modelCandidates(primary, agentConfig.model.fallback_models, access, agentConfig.provider_credential) : [];
  if (candidates.length === 0) return fail('no_model_credential');
  if (await costCapReached(run.orgId, access.dailyCostCapMicros)) {
    // The cost cap hands the session to staff (docs/agent-api.md §1.8).
    const handoff = { reason: 'cost_cap_exceeded', summary: null, openedBy: 'cost_cap' as const };
    return endRun(run, run.workerId, { status: 'failed', error: runError('cost_cap_exceeded'), handoff }, events);
  }

  const endUser = session.endUser;
  const tools = await loadRunTools(agentConfig, {
    projectId: run.projectId,
    sessionId: run.sessionId!,
    runId: run.id,
    endUserId: session.endUserId,
    variables,
    declared: agentConfig.variables,
    endUser,
  });
  const overrides = options.overrides ?? {};
  const instructions = [fillInstructions(agentConfig.instructions, variables), overrides.instructions_append].filter(Boolean).join('\n\n');
  const history = historyTurns(session.history);
  const runTurns = (run.turns as ModelTurn[] | null) ?? [];
  const secretValues = Object.values(secrets).map(String);
  const usage: RunUsage = { inputTokens: run.inputTokens, outputTokens: run.outputTokens, costMicros: Number(run.costMicros) };
  const attempts: FallbackAttempt[] = [];
  let answeredBy = run.model;
  let rounds = runTurns.filter((turn) => turn.role === 'assistant' && turn.toolCalls?.length).length;

  try {
    for (;;) {
      const lastRound = rounds >= agentConfig.tools.max_tool_rounds;
      const request: Omit<ModelRequest, 'model'> = {
        instructions: instructions || undefined,
        turns: [...history, ...runTurns],
        tools: tools.modelTools.length > 0 ? tools.modelTools : undefined,
        toolChoice: tools.modelTools.length > 0 && lastRound ? 'none' : undefined,
        temperature: overrides.temperature ?? agentConfig.model.temperature,
        maxTokens: overrides.max_reply_tokens ?? agentConfig.model.max_reply_tokens,
      };
      const answer = await streamAnswer(candidates, request, events, usage, attempts, signal);
      answeredBy = answer.modelId;
      if (answer.toolCalls.length === 0 || lastRound) {
        // Secrets never reach the prompt; the stored reply is cleaned as well, should a model repeat one.
        const reply = redactText(
          [...runTurns.map((turn) => (turn.role === 'assistant' ? (turn.text ?? '') : '')), answer.text].join(''),
          secretValues,
        );
        await endRun(run, run.workerId, { status: 'completed', reply, model: answeredBy, usage, attempts }, events);
        return;
      }
      const handoffCall = tools.handoff ? answer.toolCalls.slice(0, MAX_CALLS_PER_ROUND).find((call) => call.name === 'handoff') : undefined;
      if (handoffCall) {
        await recordToolMessages(run, handOverRound(answer.toolCalls, handoffCall, events));
        const reply = escalationReply(agentConfig, lastCustomerText(session.history));
        const handoff = { ...handoffArguments(handoffCall), openedBy: 'model' as const };
        await endRun(run, run.workerId, { status: 'completed', reply, model: answeredBy, usage, attempts, handoff }, events);
        return;
      }
      rounds += 1;
      runTurns.push({ role: 'assistant', text: answer.text || undefined, toolCalls: answer.toolCalls });
      const { results, clientCalls } = await runRound(tools, answer.toolCalls, secretValues, events);
      runTurns.push(...results.map((r) => ({ role: 'tool' as const, callId: r.callId, name: r.name, output: r.output })));
      await recordToolMessages(run, results);
      signal.throwIfAborted();
      if (clientCalls.length > 0) {
        await pauseForToolOutputs(run, run.workerId, {
          turns: runTurns,
          required: {
            type: 'submit_tool_outputs',
            tool_calls: clientCalls.map((c) => ({ call_id: c.callId, name: c.name, arguments: c.arguments })),
            expires_at: new Date(Date.now() + TOOL_OUTPUTS_WINDOW_MS).toISOString(),
          },
          model: answeredBy,
          usage,
          attempts,
          events,
        });
        return;
      }
    }
  } catch (error) {
    if (error instanceof RunStopped || signal.aborted) throw new RunStopped();
    if (!(error instanceof ProviderFailure)) throw error;
    await markRefusedCredentials(run.projectId, candidates, attempts);
    // A refusal after the fallback models sends the fallback message and hands over (/agent/docs/errors#provider_refusal).
    const handoff = error.code === 'provider_refusal' ? { reason: 'provider_refusal', summary: null, openedBy: 'refusal' as const } : undefined;
    await endRun(run, run.workerId, { status: 'failed', error: runError(error.code), model: answeredBy, usage, attempts, handoff }, events);
  } finally {
    await addCost(run.orgId, usage.costMicros - Number(run.costMicros));
  }
}

/** One round's calls: at most 5 run (server tools in parallel), extras get `too_many_calls`; client calls wait for the caller. */
async function runRound(tools: RunTools, calls: ModelToolCall[], secrets: string[], events: EventLog) {
  const taken = calls.slice(0, MAX_CALLS_PER_ROUND);
  const skipped = calls.slice(MAX_CALLS_PER_ROUND).map((call) => skippedCall(call, 'too_many_calls'));
  const clientCalls = taken.filter((call) => tools.client.has(call.name));
  const serverCalls = taken.filter((call) => tools.server.has(call.name));
  const unknown = taken
    .filter((call) => !tools.client.has(call.name) && !tools.server.has(call.name))
    .map((call) => skippedCall(call, 'unknown_tool'));
  for (const call of serverCalls) events.add('tool_call.started', { call_id: call.callId, name: call.name, arguments: call.arguments });
  const results: ToolCallResult[] = [...(await runServerCalls(tools, serverCalls, secrets)), ...unknown, ...skipped];
  for (const result of results) {
    events.add('tool_call.completed', { call_id: result.callId, name: result.name, ok: result.ok, output: JSON.parse(result.output) as unknown });
  }
  return { results, clientCalls };
}

/**
 * The model called `handoff` (docs/agent-api.md §1.4): nothing else of the round runs; the others get
 * the neutral `handed_off` result, never words telling the model to stay silent. Returns the
 * round's results, in call order.
 */
function handOverRound(calls: ModelToolCall[], handoffCall: ModelToolCall, events: EventLog): ToolCallResult[] {
  events.add('tool_call.started', { call_id: handoffCall.callId, name: 'handoff', arguments: handoffCall.arguments });
  const results = calls.map((call) =>
    call === handoffCall
      ? { callId: call.callId, name: call.name, output: JSON.stringify({ status: 'handed_off' }), ok: true }
      : skippedCall(call, 'handed_off'),
  );
  for (const result of results) {
    events.add('tool_call.completed', { call_id: result.callId, name: result.name, ok: result.ok, output: JSON.parse(result.output) as unknown });
  }
  return results;
}

const lastCustomerText = (history: ClaimedRun['history']) => history.findLast((message) => message.role === 'user')?.text ?? '';

/** One model answer streamed into the run's log, from the first model that answers. */
async function streamAnswer(
  candidates: ReturnType<typeof modelCandidates>,
  request: Omit<ModelRequest, 'model'>,
  events: EventLog,
  usage: RunUsage,
  attempts: FallbackAttempt[],
  signal: AbortSignal,
): Promise<ModelAnswer> {
  const answer: ModelAnswer = { modelId: candidates[0]!.model.id, text: '', toolCalls: [], usage };
  let delivered = false;
  const stream = streamWithFallback(
    candidates.map(({ model, client }) => ({ modelId: model.id, client, request: { ...request, model: model.provider_model } })),
    { deltasDelivered: () => delivered, signal, onAttempt: (attempt) => attempts.push(attempt) },
  );
  for await (const { modelId, event } of stream) {
    const delta = foldModelEvent(answer, modelId, event);
    if (delta === undefined) continue;
    delivered = true;
    events.add('message.delta', { text: delta });
  }
  return answer;
}

async function markRefusedCredentials(projectId: string, candidates: ReturnType<typeof modelCandidates>, attempts: FallbackAttempt[]) {
  const refused = new Set(attempts.filter((a) => a.code === 'provider_auth_failed').map((a) => a.modelId));
  const ids = new Set(candidates.filter((c) => refused.has(c.model.id)).map((c) => c.credentialId));
  for (const id of ids) await markProviderCredentialInvalid(projectId, id);
}
