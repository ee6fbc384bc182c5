import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { submitToolOutputsEndpoint } from '@/server/agent/http/endpoints/runs';
import { presentRun } from '@/server/agent/ask/present-run';
import { lastRunEventId, runEventsResponse, streamContextOf } from '@/server/agent/runs/session-messages';
import { submitToolOutputs } from '@/server/agent/runs/submit-tool-outputs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(submitToolOutputsEndpoint, async (ctx) => {
    const { caller, params, body } = ctx;
    // A stream starts where the paused run's log ends: what came before was the caller's already.
    const pausedAt = body.stream ? await lastRunEventId(params.run) : null;
    const run = await submitToolOutputs(caller, params.run, body.tool_outputs);
    if (!body.stream) return presentRun(run);
    return runEventsResponse(run, pausedAt, streamContextOf(ctx), { endAtPause: true });
  }),
});
