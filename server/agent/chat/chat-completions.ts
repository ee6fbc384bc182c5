import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { findPublishedAgent } from '@/server/agent/agents/find-agent';
import { agentSseResponse } from '@/server/agent/http/agent-sse';
import { prepareAsk } from '@/server/agent/ask/prepare-ask';
import { runAsk } from '@/server/agent/ask/run-ask';
import type { PresentedRun } from '@/server/agent/ask/present-run';
import { askInSession, runEventsOf, streamAskInSession, type SessionAsk } from '@/server/agent/runs/ask-in-session';
import type { StreamContext } from '@/server/agent/runs/session-messages';
import { askRequestFromChat, type ChatBody } from './chat-request';

/**
 * The chat-completions-compatible endpoint: one ask through the same runner, answered in
 * OpenAI's `chat.completion` shape (or `chat.completion.chunk` events ending with `[DONE]`),
 * so OpenAI SDKs work with `baseURL` set to the agent service. `model` echoes the agent.
 */
export async function chatCompletion(
  caller: ProjectCaller,
  body: ChatBody,
  faultOf: (error: unknown) => unknown,
  context: StreamContext & { warn: (code: 'client_history_ignored') => void },
): Promise<unknown> {
  const agentRef = body.model.split('@')[0] ?? '';
  const { config } = await findPublishedAgent(caller.projectId, agentRef);
  const ask = askRequestFromChat(caller, body, config.overrides.allowed.includes('instructions_append'));
  if (body.session !== undefined) {
    // The session's stored history answers; what the request repeats of it is not used.
    if (body.messages.length > 1) context.warn('client_history_ignored');
    return chatInSession(
      caller,
      { session: body.session, agent: ask.agent, input: ask.inputText, overrides: ask.overrides },
      body,
      context,
      faultOf,
    );
  }
  const prepared = await prepareAsk(ask);
  const created = Math.floor(Date.now() / 1000);
  if (!body.stream) {
    const outcome = await runAsk(prepared);
    if (outcome.failure) throw outcome.failure;
    return completionOf(outcome, body.model, created);
  }
  return agentSseResponse(async (events) => {
    let id = '';
    const chunk = (delta: object, finishReason: string | null) => chunkOf(id, created, body.model, delta, finishReason);
    const outcome = await runAsk(prepared, {
      created: (run) => {
        id = `chatcmpl-${run.id}`;
        events.data(JSON.stringify(chunk({ role: 'assistant', content: '' }, null)));
      },
      delta: (text) => events.data(JSON.stringify(chunk({ content: text }, null))),
    });
    const last = outcome.failure
      ? { error: { code: outcome.failure.code, message: outcome.failure.message, type: 'provider_error' } }
      : { ...chunk({}, 'stop'), usage: usageOf(outcome.run) };
    events.data(JSON.stringify(last));
    events.data('[DONE]');
  }, faultOf);
}

/**
 * A chat completion within a session: the last user message becomes the session's next message
 * and its run answers, in the worker, with the session's history (agent-api.md §1.3).
 */
async function chatInSession(
  caller: ProjectCaller,
  ask: SessionAsk,
  body: ChatBody,
  context: StreamContext,
  faultOf: (error: unknown) => unknown,
) {
  const created = Math.floor(Date.now() / 1000);
  if (!body.stream) {
    const answered = await askInSession(caller, ask);
    return completionOf({ run: answered.run, outputText: answered.output_text }, body.model, created);
  }
  const events = runEventsOf(await streamAskInSession(caller, ask, context));
  return agentSseResponse(async (out) => {
    let id = '';
    const chunk = (delta: object, finishReason: string | null) => chunkOf(id, created, body.model, delta, finishReason);
    for await (const { event, data } of events) {
      if (event === 'run.created') {
        id = `chatcmpl-${(data as { id: string }).id}`;
        out.data(JSON.stringify(chunk({ role: 'assistant', content: '' }, null)));
      } else if (event === 'message.delta') {
        out.data(JSON.stringify(chunk({ content: (data as { text: string }).text }, null)));
      } else if (event === 'run.completed' || event === 'run.failed' || event === 'run.cancelled' || event === 'run.requires_action') {
        const run = data as PresentedRun;
        const last = run.error
          ? { error: { code: run.error.code, message: run.error.message, type: 'provider_error' } }
          : { ...chunk({}, 'stop'), usage: usageOf(run) };
        out.data(JSON.stringify(last));
      } else if (event === 'error') {
        out.data(JSON.stringify(data));
      }
    }
    out.data('[DONE]');
  }, faultOf);
}

const chunkOf = (id: string, created: number, model: string, delta: object, finishReason: string | null) => ({
  id,
  object: 'chat.completion.chunk',
  created,
  model,
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

function completionOf(outcome: { run: PresentedRun; outputText: string }, model: string, created: number) {
  return {
    id: `chatcmpl-${outcome.run.id}`,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: outcome.outputText, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: usageOf(outcome.run),
  };
}

const usageOf = (run: PresentedRun) => ({
  prompt_tokens: run.usage.input_tokens,
  completion_tokens: run.usage.output_tokens,
  total_tokens: run.usage.input_tokens + run.usage.output_tokens,
});
