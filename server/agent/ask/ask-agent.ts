import { agentSseResponse } from '@/server/agent/http/agent-sse';
import { prepareAsk, type AskRequest } from './prepare-ask';
import { runAsk } from './run-ask';

/** A blocking ask: the run's answer, or the provider's code (502) once every model failed. */
export async function askAgent(ask: AskRequest) {
  const outcome = await runAsk(await prepareAsk(ask));
  if (outcome.failure) throw outcome.failure;
  return {
    id: outcome.run.id,
    object: 'ask' as const,
    run: outcome.run,
    output_text: outcome.outputText,
    ...(outcome.requiredAction ? { required_action: outcome.requiredAction } : {}),
  };
}

/**
 * A streamed ask (agent-api.md §1.6): refusals before the first byte stay plain JSON (prepareAsk
 * runs first); then `run.created`, `message.delta` per piece, `message.completed`, and a
 * terminal `run.completed`, `run.requires_action` or `run.failed` carrying the whole run.
 */
export async function streamAsk(ask: AskRequest, faultOf: (error: unknown) => unknown): Promise<Response> {
  const prepared = await prepareAsk(ask);
  return agentSseResponse(async (events) => {
    const outcome = await runAsk(prepared, {
      created: (run) => events.send('run.created', run),
      delta: (text) => events.send('message.delta', { text }),
    });
    if (outcome.failure) return events.send('run.failed', outcome.run);
    events.send('message.completed', { text: outcome.outputText });
    events.send(outcome.requiredAction ? 'run.requires_action' : 'run.completed', outcome.run);
  }, faultOf);
}
