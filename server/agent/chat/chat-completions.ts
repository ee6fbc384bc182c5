import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { findPublishedAgent } from '@/server/agent/agents/find-agent';
import { agentSseResponse } from '@/server/agent/http/agent-sse';
import type { ChatBody } from '@/server/agent/http/endpoints/chat-completions';
import { findWaitingAskRun } from '@/server/agent/ask/ask-run-rows';
import { prepareAskContinuation } from '@/server/agent/ask/continue-ask-run';
import { prepareAsk } from '@/server/agent/ask/prepare-ask';
import { continueAsk, runAsk, type AskObserver, type AskOutcome } from '@/server/agent/ask/run-ask';
import { askInSession, runEventsOf, streamAskInSession, type SessionAsk } from '@/server/agent/runs/ask-in-session';
import type { StreamContext } from '@/server/agent/runs/session-messages';
import { askRequestFromChat } from './chat-request';
import { chatChunks, completionOf, type ChatAnswer } from './chat-response';

/**
 * The chat-completions-compatible endpoint: one ask through the same runner, answered in
 * OpenAI's `chat.completion` shape (or `chat.completion.chunk` events ending with `[DONE]`),
 * so OpenAI SDKs work with `baseURL` set to the agent service. `model` echoes the agent.
 * Tool results sent back for a run that waits for them continue that run.
 */
export async function chatCompletion(
  caller: ProjectCaller,
  body: ChatBody,
  faultOf: (error: unknown) => unknown,
  context: StreamContext & { warn: (code: 'client_history_ignored') => void },
): Promise<unknown> {
  const agentRef = body.model.split('@')[0] ?? '';
  const { agent, config } = await findPublishedAgent(caller.projectId, agentRef);
  const ask = askRequestFromChat(caller, body, config.overrides.allowed.includes('instructions_append'));
  const answer: ChatAnswer = {
    model: body.model,
    created: Math.floor(Date.now() / 1000),
    includeUsage: body.stream_options?.include_usage === true,
  };
  if (body.session !== undefined) {
    // The session's stored history answers; what the request repeats of it is not used.
    if (body.messages.length > 1) context.warn('client_history_ignored');
    const sessionAsk = { session: body.session, agent: ask.agent, input: ask.inputText, overrides: ask.overrides };
    return chatInSession(caller, sessionAsk, body.stream === true, answer, context, faultOf);
  }
  const run = await waitingRun(caller.projectId, agent.id, body);
  let respond: (observer?: AskObserver) => Promise<AskOutcome>;
  if (run) {
    const { prepared, row } = await prepareAskContinuation(run.row, run.outputs, run.params);
    respond = (observer) => continueAsk(prepared, row, observer);
  } else {
    const prepared = await prepareAsk(ask);
    respond = (observer) => runAsk(prepared, observer);
  }
  if (body.stream !== true) {
    const outcome = await respond();
    if (outcome.failure) throw outcome.failure;
    return completionOf(outcome, answer);
  }
  return agentSseResponse(async (events) => {
    const chunks = chatChunks(answer, (chunk) => events.data(JSON.stringify(chunk)));
    const outcome = await respond({ created: (created) => chunks.start(created.id), delta: chunks.text });
    chunks.end(outcome);
    events.data('[DONE]');
  }, faultOf);
}

/**
 * The run the request's closing `role: "tool"` messages answer: an ask run of this agent waiting
 * for those calls. Tool results of any other calls are history like other messages.
 */
async function waitingRun(projectId: string, agentId: string, body: ChatBody) {
  const trailing = [];
  for (const message of body.messages.toReversed()) {
    if (message.role !== 'tool') break;
    trailing.unshift(message);
  }
  if (trailing.length === 0) return null;
  const row = await findWaitingAskRun(projectId, agentId, trailing[0]!.tool_call_id);
  if (!row) return null;
  const outputs = trailing.map((message) => ({
    call_id: message.tool_call_id,
    output: typeof message.content === 'string' ? message.content : message.content.map((part) => part.text ?? '').join('\n'),
  }));
  const first = body.messages.length - trailing.length;
  return { row, outputs, params: { callId: (index: number) => `/messages/${first + index}/tool_call_id`, all: '/messages' } };
}

/**
 * A chat completion within a session: the last user message becomes the session's next message
 * and its run answers, in the worker, with the session's history.
 */
async function chatInSession(
  caller: ProjectCaller,
  ask: SessionAsk,
  stream: boolean,
  answer: ChatAnswer,
  context: StreamContext,
  faultOf: (error: unknown) => unknown,
) {
  if (!stream) {
    const answered = await askInSession(caller, ask);
    return completionOf({ run: answered.run, outputText: answered.output_text, requiredAction: answered.required_action }, answer);
  }
  const events = runEventsOf(await streamAskInSession(caller, ask, context));
  return agentSseResponse(async (out) => {
    const chunks = chatChunks(answer, (chunk) => out.data(JSON.stringify(chunk)));
    for await (const { event, data } of events) {
      if (event === 'run.created') chunks.start((data as { id: string }).id);
      else if (event === 'message.delta') chunks.text((data as { text: string }).text);
      else if (event === 'run.completed' || event === 'run.failed' || event === 'run.cancelled' || event === 'run.requires_action') {
        const run = data as AskOutcome['run'];
        chunks.end({ run, requiredAction: run.required_action, failure: run.error ?? undefined });
      } else if (event === 'error') out.data(JSON.stringify(data));
    }
    out.data('[DONE]');
  }, faultOf);
}
