import type { AgentRun } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import type { ModelToolCall } from '@/server/agent/providers/model-events';
import { foldModelEvent, type ModelAnswer } from '@/server/agent/providers/model-answer';
import { ProviderFailure } from '@/server/agent/providers/provider-failure';
import { streamWithFallback, type FallbackAttempt } from '@/server/agent/providers/stream-with-fallback';
import { addCost } from '@/server/agent/usage/ai-usage-limits';
import { markProviderCredentialInvalid } from '@/server/agent/credentials/provider-credentials';
import { finishAskRun, insertAskRun } from './ask-run-rows';
import type { PreparedAsk } from './prepare-ask';
import { presentRun, type PresentedRun, type RequiredAction } from './present-run';

/** How long the outputs of client tools are awaited (agent-service-errors.md, Limits). */
const TOOL_OUTPUTS_WINDOW_MS = 10 * 60_000;

export interface AskObserver {
  /** The run row exists (`run.created`). */
  created?(run: PresentedRun): void;
  /** A piece of the reply. Once one was passed on, a failure can no longer fall back. */
  delta?(text: string): void;
}

export interface AskOutcome {
  run: PresentedRun;
  outputText: string;
  requiredAction?: RequiredAction;
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
  const primary = prepared.candidates[0]!;
  const now = new Date();
  const row: AgentRun = {
    id: newId('agentRun'),
    projectId: prepared.projectId,
    orgId: prepared.orgId,
    agentId: prepared.agentId,
    agentVersion: prepared.agentVersion,
    status: 'in_progress',
    model: primary.model.id,
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

  const streaming = observer.delta !== undefined;
  const attempts: FallbackAttempt[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, costMicros: 0 };
  const answer: ModelAnswer = { modelId: primary.model.id, text: '', toolCalls: [], usage };
  let delivered = false;
  let failure: AgentError | undefined;
  try {
    const events = streamWithFallback(
      prepared.candidates.map(({ model, client }) => ({
        modelId: model.id,
        client,
        request: { ...prepared.request, model: model.provider_model },
      })),
      { deltasDelivered: () => delivered, onAttempt: (attempt) => attempts.push(attempt) },
    );
    for await (const { modelId, event } of events) {
      const delta = foldModelEvent(answer, modelId, event);
      if (delta !== undefined && streaming) {
        delivered = true;
        observer.delta!(delta);
      }
    }
  } catch (error) {
    if (!(error instanceof ProviderFailure)) {
      await finishRun(
        inserted,
        row,
        { status: 'failed', error: { code: 'internal_error', message: 'The run failed unexpectedly.' } },
        answer.modelId,
        usage,
        attempts,
      );
      throw error;
    }
    failure = new AgentError(error.code);
    if (attempts.length > 0) answer.modelId = attempts[attempts.length - 1]!.modelId;
  }
  const { text, toolCalls, modelId: answeredBy } = answer;

  await addCost(prepared.orgId, usage.costMicros);
  await markRefusedCredentials(prepared, attempts);
  const requiredAction = !failure && toolCalls.length > 0 ? requiredActionOf(toolCalls) : undefined;
  const status = failure ? 'failed' : requiredAction ? 'requires_action' : 'completed';
  const error = failure ? { code: failure.code, message: failure.message } : null;
  const finished = await finishRun(inserted, row, { status, error, outputText: failure ? null : text }, answeredBy, usage, attempts);
  if (failure) logger.info({ runId: row.id, code: failure.code, attempts }, 'ask failed at the provider');
  return { run: presentRun(finished, { requiredAction }), outputText: failure ? '' : text, requiredAction, failure };
}

/**
 * A provider that refused a credential (401/403, provider_auth_failed) marks it invalid: the
 * agents using it show the readiness blocker no_provider_key until it is checked again
 * (POST /v1/provider_credentials/{id}/check) or replaced (agent-api.md §1.11).
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
    expires_at: new Date(Date.now() + TOOL_OUTPUTS_WINDOW_MS).toISOString(),
  };
}

async function finishRun(
  inserted: Promise<void>,
  row: AgentRun,
  outcome: { status: 'completed' | 'failed' | 'requires_action'; error: { code: string; message: string } | null; outputText?: string | null },
  model: string,
  usage: { inputTokens: number; outputTokens: number; costMicros: number },
  attempts: FallbackAttempt[],
): Promise<AgentRun> {
  await inserted;
  return finishAskRun(row, {
    status: outcome.status,
    error: outcome.error,
    outputText: outcome.outputText ?? null,
    model,
    attempts: attempts.filter((a) => a.code).map((a) => ({ model: a.modelId, code: a.code! })),
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    costMicros: BigInt(usage.costMicros),
    completedAt: outcome.status === 'requires_action' ? null : new Date(),
  });
}
