import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import type { ModelSampling, ModelToolChoice, ModelTurn } from '@/server/agent/providers/model-events';
import type { ChatBody, ChatMessage } from '@/server/agent/http/endpoints/chat-completions';
import { AgentError } from '@/server/errors/agent-error';
import { inputLimitFor } from '@/server/agent/ask/ask-input';
import type { AskRequest } from '@/server/agent/ask/prepare-ask';

/**
 * `POST /v1/chat/completions` as an ask: `model` names the agent (`slug[@version]`), the
 * messages are the conversation, tool calls and their results included. Parameters this
 * service cannot honour are refused rather than ignored (`unsupported_parameter`); system and
 * developer messages are refused unless the agent lets requests set `instructions_append`,
 * which they then become. Overrides are named as the caller sent them (`/max_tokens`).
 */
export function askRequestFromChat(caller: ProjectCaller, body: ChatBody, instructionsAppendAllowed: boolean): AskRequest {
  refuseUnsupported(body);
  if (body.tools !== undefined && body.session !== undefined) throw new AgentError('tools_not_allowed_with_session', { param: 'tools' });

  const system: string[] = [];
  const turns: ModelTurn[] = [];
  let systemIndex = -1;
  body.messages.forEach((message, index) => {
    if (message.role === 'system' || message.role === 'developer') {
      if (!instructionsAppendAllowed) throw new AgentError('system_message_not_allowed', { param: `/messages/${index}` });
      if (systemIndex < 0) systemIndex = index;
      system.push(textOf(message.content, index));
    } else {
      const turn = turnOf(message, index, turns);
      if (turn) turns.push(turn);
    }
  });
  const last = turns.at(-1);
  if (!last || last.role === 'assistant')
    throw new AgentError('validation_failed', { param: '/messages', details: { detail: "the last message must be the user's or a tool's." } });
  const limit = inputLimitFor(caller);
  if (turns.reduce((sum, turn) => sum + turnLength(turn), 0) > limit)
    throw new AgentError('input_too_large', { param: '/messages', details: { limit: limit.toLocaleString('en-US') } });

  const [agent = '', version] = body.model.split('@');
  if (version !== undefined && !/^[1-9]\d{0,5}$/.test(version)) {
    throw new AgentError('validation_failed', {
      param: '/model',
      details: { detail: "use the agent's slug, optionally with @<version number>." },
    });
  }
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  const overrides: Record<string, unknown> = {};
  if (system.length > 0) overrides.instructions_append = system.join('\n\n');
  if (body.temperature != null) overrides.temperature = body.temperature;
  if (maxTokens != null) overrides.max_reply_tokens = maxTokens;
  return {
    projectId: caller.projectId,
    orgId: caller.orgId,
    agent,
    version: version === undefined ? undefined : Number(version),
    turns,
    inputText: turns.findLast((turn) => turn.role === 'user')?.text ?? '',
    variables: {},
    overrides,
    overrideParams: {
      temperature: '/temperature',
      max_reply_tokens: body.max_completion_tokens != null ? '/max_completion_tokens' : '/max_tokens',
      instructions_append: `/messages/${systemIndex}`,
    },
    clientTools: (body.tools ?? []).map((tool, index) => ({ name: tool.function.name, param: `/tools/${index}/function/name` })),
    toolChoice: toolChoiceOf(body.tool_choice),
    sampling: samplingOf(body),
    recorded: recordedOf(body),
  };
}

/** What OpenAI's API offers and this one cannot do: `unsupported_parameter`, never silently ignored. */
function refuseUnsupported(body: ChatBody) {
  const refuse = (param: string) => {
    throw new AgentError('unsupported_parameter', { param });
  };
  if (body.n != null && body.n > 1) refuse('n');
  if (body.logprobs) refuse('logprobs');
  if (body.top_logprobs != null) refuse('top_logprobs');
  if (body.response_format?.type === 'json_schema') refuse('response_format');
  if (body.audio != null) refuse('audio');
  if (body.modalities?.some((modality) => modality !== 'text')) refuse('modalities');
}

/** One message as the model's turn; an assistant message with nothing to say (no text, no calls) is none. */
function turnOf(
  message: Exclude<ChatMessage, { role: 'system' } | { role: 'developer' }>,
  index: number,
  earlier: ModelTurn[],
): ModelTurn | null {
  if (message.role === 'user') return { role: 'user', text: textOf(message.content, index) };
  if (message.role === 'tool') {
    const call = earlier
      .flatMap((turn) => (turn.role === 'assistant' ? (turn.toolCalls ?? []) : []))
      .find((c) => c.callId === message.tool_call_id);
    if (!call) {
      throw new AgentError('validation_failed', {
        param: `/messages/${index}/tool_call_id`,
        details: { detail: 'no earlier assistant message has a tool call with this id.' },
      });
    }
    return { role: 'tool', callId: call.callId, name: call.name, output: textOf(message.content, index) };
  }
  // A refusal is what the assistant said. A legacy `function_call` has no id its result could answer: it is left out.
  const text = (message.content == null ? '' : textOf(message.content, index)) || (message.refusal ?? '');
  const toolCalls = (message.tool_calls ?? []).map((call) => ({ callId: call.id, name: call.function.name, arguments: call.function.arguments }));
  if (!text && toolCalls.length === 0) return null;
  return { role: 'assistant', ...(text && { text }), ...(toolCalls.length > 0 && { toolCalls }) };
}

function textOf(content: string | Array<{ type: string; text?: string }>, index: number): string {
  if (typeof content === 'string') return content;
  return content
    .map((part, partIndex) => {
      if (part.type !== 'text' || typeof part.text !== 'string')
        throw new AgentError('unsupported_content_type', { param: `/messages/${index}/content/${partIndex}` });
      return part.text;
    })
    .join('\n');
}

const turnLength = (turn: ModelTurn) =>
  turn.role === 'tool'
    ? turn.output.length
    : (turn.text ?? '').length + (turn.role === 'assistant' ? (turn.toolCalls ?? []).reduce((sum, call) => sum + call.arguments.length, 0) : 0);

function toolChoiceOf(choice: ChatBody['tool_choice']): ModelToolChoice | undefined {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { name: choice.function.name };
}

function samplingOf(body: ChatBody): ModelSampling {
  const sampling: ModelSampling = {
    topP: body.top_p ?? undefined,
    stop: typeof body.stop === 'string' ? [body.stop] : (body.stop ?? undefined),
    seed: body.seed ?? undefined,
    presencePenalty: body.presence_penalty ?? undefined,
    frequencyPenalty: body.frequency_penalty ?? undefined,
    parallelToolCalls: body.parallel_tool_calls ?? undefined,
    jsonMode: body.response_format?.type === 'json_object' || undefined,
  };
  return Object.fromEntries(Object.entries(sampling).filter(([, value]) => value !== undefined));
}

function recordedOf(body: ChatBody): Record<string, unknown> | undefined {
  const recorded = Object.fromEntries(
    Object.entries({ user: body.user, metadata: body.metadata, store: body.store }).filter(([, value]) => value != null),
  );
  return Object.keys(recorded).length > 0 ? recorded : undefined;
}
