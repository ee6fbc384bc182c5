import type { AgentRun } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import type { ModelToolCall, ModelTurn, StopReason } from '@/server/agent/providers/model-events';
import { foldModelEvent, type ModelAnswer } from '@/server/agent/providers/model-answer';
import { ProviderFailure } from '@/server/agent/providers/provider-failure';
import { streamWithFallback, type FallbackAttempt } from '@/server/agent/providers/stream-with-fallback';
import { addCost } from '@/server/agent/usage/ai-usage-limits';
import { markProviderCredentialInvalid } from '@/server/agent/credentials/provider-credentials';
import { MAX_CALLS_PER_ROUND, skippedCall } from '@/server/agent/runs/run-tools';
import { finishAskRun, insertAskRun } from './ask-run-rows';
import type { AskRunOptions, PreparedAsk } from './prepare-ask';
import { presentRun, type PresentedRun, type RequiredAction } from './present-run';

/** How long an ask run waits for its client tools' outputs: a stateless caller may come back much later (API reference, ask). */
export const ASK_TOOL_OUTPUTS_WINDOW_MS = 24 * 3600_000;

export interface AskObserver {
  /** The run row exists (`run.created`), or a paused run goes on. */
  created?(run: PresentedRun): void;
  /** A piece of the reply. Once one was passed on, a failure can no longer fall back. */
  delta?(text: string): void;
}

export interface AskOutcome {
  run: PresentedRun;
  outputText: string;
  requiredAction?: RequiredAction;
  /** Why the last answer ended (`max_tokens`: cut at the caller's limit). */
  stopReason?: StopReason;
  /** Set when the run failed: the provider code the caller answers with. */
  failure?: AgentError;
}

/**
 * Runs one ask in the request (ask is stateless): writes the run, streams from the first model
 * that answers (fallback only before a delta reached the client: with an observer taking deltas
 * that is the first delta; otherwise the reply goes out whole, so always), and records status,
 * model, usage, cost (tokens × catalogue price) and the models tried.
 */
export async function runAsk(prepared: PreparedAsk, observer: AskObserver = {}): Promise<AskOutcome> {
  const now = new Date();
  const row: AgentRun = {
    id: newId('agentRun'),
    projectId: prepared.projectId,
    orgId: prepared.orgId,
    agentId: prepared.agentId,
    agentVersion: prepared.agentVersion,
    status: 'in_progress',
    model: prepared.candidates[0]!.model.id,
    input: prepared.inputText,
    outputText: null,
    error: null,
    attempts: [],
    inputTokens: 0,
    outputTokens: 0,
    costMicros: 0n,
    createdAt: now,
    completedAt: null,
    sessionId: null,
    inputMessageId: null,
    replyMessageId: null,
    outcome: null,
    requiredAction: null,
    actionExpiresAt: null,
    turns: null,
    options: {},
    workerId: null,
    leaseUntil: null,
    startedAt: now,
    updatedAt: now,
  };
  // Written while the provider is asked, not before: the first token does not wait for it.
  // Every outcome below waits for it before recording itself on the row.
  const inserted = insertAskRun(row);
  inserted.catch(() => {}); // awaited below; a rejection must not go unhandled meanwhile
  observer.created?.(presentRun(row));
  return answerAsk(prepared, row, inserted, observer);
}

/**
 * Goes on with an ask run that had waited for tool outputs: `prepared.request.turns` holds the
 * run's turns and the outputs, the row is the run as resumed. Usage and cost add to the row's.
 */
export function continueAsk(prepared: PreparedAsk, row: AgentRun, observer: AskObserver = {}): Promise<AskOutcome> {
  observer.created?.(presentRun(row));
  return answerAsk(prepared, row, Promise.resolve(), observer);
}

/**
 * The model's rounds: calls of client tools the request offered pause the run for their outputs
 * (`requires_action`); calls of tools it did not offer get the neutral `unknown_tool` result and
 * the model answers again, so a run is never left waiting on a call its caller cannot make.
 * After `maxToolRounds` rounds the model is asked once more with `tool_choice: none`.
 */
async function answerAsk(prepared: PreparedAsk, row: AgentRun, inserted: Promise<void>, observer: AskObserver): Promise<AskOutcome> {
  const streaming = observer.delta !== undefined;
  const attempts: FallbackAttempt[] = [];
  const usage = { inputTokens: row.inputTokens, outputTokens: row.outputTokens, costMicros: Number(row.costMicros) };
  const turns = [...prepared.request.turns];
  const offered = new Set((prepared.request.tools ?? []).map((tool) => tool.name));
  let rounds = turns.filter((turn) => turn.role === 'assistant' && turn.toolCalls?.length).length;
  let answeredBy = row.model;
  let text = '';
  let delivered = false;
  let failure: AgentError | undefined;
  let required: ModelToolCall[] = [];
  let stopReason: StopReason | undefined;
  try {
    for (;;) {
      const lastRound = rounds >= prepared.maxToolRounds;
      const request = { ...prepared.request, turns, ...(lastRound && offered.size > 0 && { toolChoice: 'none' as const }) };
      const answer: ModelAnswer = { modelId: prepared.candidates[0]!.model.id, text: '', toolCalls: [], usage };
      const events = streamWithFallback(
        prepared.candidates.map(({ model, client }) => ({ modelId: model.id, client, request: { ...request, model: model.provider_model } })),
        { deltasDelivered: () => delivered, onAttempt: (attempt) => attempts.push(attempt) },
      );
      for await (const { modelId, event } of events) {
        const delta = foldModelEvent(answer, modelId, event);
        if (delta !== undefined && streaming) {
          delivered = true;
          observer.delta!(delta);
        }
      }
      answeredBy = answer.modelId;
      stopReason = answer.stopReason;
      text += answer.text;
      if (answer.toolCalls.length === 0 || lastRound) break;
      rounds += 1;
      const taken = answer.toolCalls.slice(0, MAX_CALLS_PER_ROUND);
      required = taken.filter((call) => offered.has(call.name));
      const skipped = [
        ...taken.filter((call) => !offered.has(call.name)).map((call) => skippedCall(call, 'unknown_tool')),
        ...answer.toolCalls.slice(MAX_CALLS_PER_ROUND).map((call) => skippedCall(call, 'too_many_calls')),
      ];
      turns.push({ role: 'assistant', text: answer.text || undefined, toolCalls: answer.toolCalls });
      turns.push(...skipped.map((result): ModelTurn => ({ role: 'tool', callId: result.callId, name: result.name, output: result.output })));
      if (required.length > 0) break;
    }
  } catch (error) {
    if (!(error instanceof ProviderFailure)) {
      const end = { status: 'failed' as const, error: { code: 'internal_error', message: 'The run failed unexpectedly.' } };
      await finishRun(inserted, row, end, answeredBy, usage, attempts);
      throw error;
    }
    failure = new AgentError(error.code);
    if (attempts.length > 0) answeredBy = attempts[attempts.length - 1]!.modelId;
  }

  await addCost(prepared.orgId, usage.costMicros - Number(row.costMicros));
  await markRefusedCredentials(prepared, attempts);
  const requiredAction = !failure && required.length > 0 ? requiredActionOf(required) : undefined;
  const status: RunFinish['status'] = failure ? 'failed' : requiredAction ? 'requires_action' : 'completed';
  const error = failure ? { code: failure.code, message: failure.message } : null;
  const paused = requiredAction ? { requiredAction, turns } : undefined;
  // The user, metadata and store a chat completion gave are kept on the run; a paused run keeps what it needs to go on.
  const options = paused ? runOptionsOf(prepared) : prepared.recorded ? { recorded: prepared.recorded } : row.options;
  const end = { status, error, outputText: failure ? null : text, paused, options };
  const finished = await finishRun(inserted, row, end, answeredBy, usage, attempts);
  if (failure) logger.info({ runId: row.id, code: failure.code, attempts }, 'ask failed at the provider');
  return { run: presentRun(finished, { requiredAction }), outputText: failure ? '' : text, requiredAction, stopReason, failure };
}

/** What a paused ask run keeps to go on later: the request without its turns (kept beside), and the rounds' limit. */
const runOptionsOf = (prepared: PreparedAsk): AskRunOptions => {
  const { turns: _turns, ...request } = prepared.request;
  return { request, maxToolRounds: prepared.maxToolRounds, ...(prepared.recorded && { recorded: prepared.recorded }) };
};

/**
 * A provider that refused a credential (401/403, provider_auth_failed) marks it invalid: the
 * agents using it show the readiness blocker no_provider_key until it is checked again
 * (POST /v1/provider_credentials/{id}/check) or replaced.
 */
async function markRefusedCredentials(prepared: PreparedAsk, attempts: FallbackAttempt[]): Promise<void> {
  const refused = attempts.filter((a) => a.code === 'provider_auth_failed');
  const credentialIds = new Set(refused.flatMap((a) => prepared.candidates.filter((c) => c.model.id === a.modelId).map((c) => c.credentialId)));
  for (const id of credentialIds) await markProviderCredentialInvalid(prepared.projectId, id);
}

function requiredActionOf(calls: ModelToolCall[]): RequiredAction {
  return {
    type: 'submit_tool_outputs',
    tool_calls: calls.map((call) => ({ call_id: call.callId, name: call.name, arguments: call.arguments })),
    expires_at: new Date(Date.now() + ASK_TOOL_OUTPUTS_WINDOW_MS).toISOString(),
  };
}

interface RunFinish {
  status: 'completed' | 'failed' | 'requires_action';
  error: { code: string; message: string } | null;
  outputText?: string | null;
  paused?: { requiredAction: RequiredAction; turns: ModelTurn[] };
  options?: unknown;
}

async function finishRun(
  inserted: Promise<void>,
  row: AgentRun,
  outcome: RunFinish,
  model: string,
  usage: { inputTokens: number; outputTokens: number; costMicros: number },
  attempts: FallbackAttempt[],
): Promise<AgentRun> {
  await inserted;
  const earlier = (row.attempts as Array<{ model: string; code: string }> | null) ?? [];
  const { paused } = outcome;
  return finishAskRun(row, {
    status: outcome.status,
    error: outcome.error,
    outputText: outcome.outputText ?? null,
    model,
    attempts: [...earlier, ...attempts.filter((a) => a.code).map((a) => ({ model: a.modelId, code: a.code! }))],
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    costMicros: BigInt(usage.costMicros),
    completedAt: outcome.status === 'requires_action' ? null : new Date(),
    requiredAction: paused ? (paused.requiredAction as unknown as AgentRun['requiredAction']) : null,
    actionExpiresAt: paused ? new Date(paused.requiredAction.expires_at) : null,
    turns: paused ? (paused.turns as unknown as AgentRun['turns']) : null,
    options: (outcome.options ?? row.options) as AgentRun['options'],
  });
}
