import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { findPublishedAgent } from '@/server/agent/agents/find-agent';
import { agentSseResponse } from '@/server/agent/http/agent-sse';
import { prepareAsk } from '@/server/agent/ask/prepare-ask';
import { runAsk, type AskOutcome } from '@/server/agent/ask/run-ask';
import { askRequestFromChat, type ChatBody } from './chat-request';

/**
 * The chat-completions-compatible endpoint: one ask through the same runner, answered in
 * OpenAI's `chat.completion` shape (or `chat.completion.chunk` events ending with `[DONE]`),
 * so OpenAI SDKs work with `baseURL` set to the agent service. `model` echoes the agent.
 */
export async function chatCompletion(caller: ProjectCaller, body: ChatBody, faultOf: (error: unknown) => unknown): Promise<unknown> {
  const agentRef = body.model.split('@')[0] ?? '';
  const { config } = await findPublishedAgent(caller.projectId, agentRef);
  const ask = askRequestFromChat(caller, body, config.overrides.allowed.includes('instructions_append'));
  const prepared = await prepareAsk(ask);
  const created = Math.floor(Date.now() / 1000);
  if (!body.stream) {
    const outcome = await runAsk(prepared);
    if (outcome.failure) throw outcome.failure;
    return completionOf(outcome, body.model, created);
  }
  return agentSseResponse(async (events) => {
    let id = '';
    const chunk = (delta: object, finishReason: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
    const outcome = await runAsk(prepared, {
      created: (run) => {
        id = `chatcmpl-${run.id}`;
        events.data(JSON.stringify(chunk({ role: 'assistant', content: '' }, null)));
      },
      delta: (text) => events.data(JSON.stringify(chunk({ content: text }, null))),
    });
    const last = outcome.failure
      ? { error: { code: outcome.failure.code, message: outcome.failure.message, type: 'provider_error' } }
      : { ...chunk({}, 'stop'), usage: usageOf(outcome) };
    events.data(JSON.stringify(last));
    events.data('[DONE]');
  }, faultOf);
}

function completionOf(outcome: AskOutcome, model: string, created: number) {
  return {
    id: `chatcmpl-${outcome.run.id}`,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: outcome.outputText, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: usageOf(outcome),
  };
}

const usageOf = (outcome: AskOutcome) => ({
  prompt_tokens: outcome.run.usage.input_tokens,
  completion_tokens: outcome.run.usage.output_tokens,
  total_tokens: outcome.run.usage.input_tokens + outcome.run.usage.output_tokens,
});
