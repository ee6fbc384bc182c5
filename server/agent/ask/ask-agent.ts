import { agentSseResponse } from '@/server/agent/http/agent-sse';
import type { AgentRun } from '@/server/db';
import type { ToolOutput } from '@/server/agent/runs/submit-tool-outputs';
import { prepareAskContinuation } from './continue-ask-run';
import { prepareAsk, type AskRequest } from './prepare-ask';
import { continueAsk, runAsk, type AskObserver, type AskOutcome } from './run-ask';

/** A blocking ask: the run's answer, or the provider's code (502) once every model failed. */
export async function askAgent(ask: AskRequest) {
  return askAnswer(await runAsk(await prepareAsk(ask)));
}

/**
 * A streamed ask (API reference, /agent/docs): refusals before the first byte stay plain JSON (prepareAsk
 * runs first); then `run.created`, `message.delta` per piece, `message.completed`, and a
 * terminal `run.completed`, `run.requires_action` or `run.failed` carrying the whole run.
 */
export async function streamAsk(ask: AskRequest, faultOf: (error: unknown) => unknown): Promise<Response> {
  const prepared = await prepareAsk(ask);
  return streamAskOutcome((observer) => runAsk(prepared, observer), 'run.created', faultOf);
}

/**
 * Tool outputs for an ask run: it goes on in this request and answers as the ask did, the
 * whole answer or (streamed) `run.in_progress`, the deltas and the terminal event.
 */
export async function submitAskToolOutputs(run: AgentRun, outputs: ToolOutput[], faultOf?: (error: unknown) => unknown) {
  const { prepared, row } = await prepareAskContinuation(run, outputs);
  if (!faultOf) return askAnswer(await continueAsk(prepared, row));
  return streamAskOutcome((observer) => continueAsk(prepared, row, observer), 'run.in_progress', faultOf);
}

function askAnswer(outcome: AskOutcome) {
  if (outcome.failure) throw outcome.failure;
  return {
    id: outcome.run.id,
    object: 'ask' as const,
    run: outcome.run,
    output_text: outcome.outputText,
    ...(outcome.requiredAction ? { required_action: outcome.requiredAction } : {}),
  };
}

function streamAskOutcome(
  answer: (observer: AskObserver) => Promise<AskOutcome>,
  firstEvent: 'run.created' | 'run.in_progress',
  faultOf: (error: unknown) => unknown,
): Response {
  return agentSseResponse(async (events) => {
    const outcome = await answer({
      created: (run) => events.send(firstEvent, run),
      delta: (text) => events.send('message.delta', { text }),
    });
    if (outcome.failure) return events.send('run.failed', outcome.run);
    events.send('message.completed', { text: outcome.outputText });
    events.send(outcome.requiredAction ? 'run.requires_action' : 'run.completed', outcome.run);
  }, faultOf);
}
