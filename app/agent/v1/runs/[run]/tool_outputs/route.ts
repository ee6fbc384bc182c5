import { ownerOf } from '@/server/agent/access/agent-caller';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { agentStreamFault } from '@/server/agent/http/agent-sse';
import { submitToolOutputsEndpoint } from '@/server/agent/http/endpoints/runs';
import { submitAskToolOutputs } from '@/server/agent/ask/ask-agent';
import { inputLimitFor } from '@/server/agent/ask/ask-input';
import { presentRun } from '@/server/agent/ask/present-run';
import { findSessionRun } from '@/server/agent/runs/end-run';
import { lastRunEventId, runEventsResponse, streamContextOf } from '@/server/agent/runs/session-messages';
import { checkToolOutputSizes, submitToolOutputs } from '@/server/agent/runs/submit-tool-outputs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(submitToolOutputsEndpoint, async (ctx) => {
    const { caller, params, body, requestId, language } = ctx;
    checkToolOutputSizes(body.tool_outputs, inputLimitFor(caller));
    const run = await findSessionRun(caller.projectId, params.run, ownerOf(caller));
    // An ask run has no worker: it goes on in this request and answers as the ask did.
    if (run.sessionId === null)
      return submitAskToolOutputs(run, body.tool_outputs, body.stream ? agentStreamFault(requestId, language) : undefined);
    // A stream starts where the paused run's log ends: what came before was the caller's already.
    const pausedAt = body.stream ? await lastRunEventId(run.id) : null;
    const resumed = await submitToolOutputs(run, body.tool_outputs);
    if (!body.stream) return presentRun(resumed);
    return runEventsResponse(resumed, pausedAt, streamContextOf(ctx), { endAtPause: true });
  }),
});
