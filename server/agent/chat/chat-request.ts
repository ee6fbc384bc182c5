import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import type { ModelTurn } from '@/server/agent/providers/model-events';
import { AgentError } from '@/server/errors/agent-error';
import { inputLimitFor } from '@/server/agent/ask/ask-input';
import type { AskRequest } from '@/server/agent/ask/prepare-ask';

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string | Array<{ type: string; text?: string }>;
}

export interface ChatBody {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  n?: number;
  logprobs?: boolean;
  top_logprobs?: number;
  response_format?: { type: string };
  temperature?: number;
  max_tokens?: number;
  session?: string;
  tools?: unknown[];
}

/**
 * `POST /v1/chat/completions` as an ask: `model` names the agent (`slug[@version]`), the
 * messages are the conversation. Parameters this service cannot honour are refused rather
 * than ignored (`unsupported_parameter`); system and developer messages are refused unless the
 * agent lets requests set `instructions_append`, which they then become.
 */
export function askRequestFromChat(caller: ProjectCaller, body: ChatBody, instructionsAppendAllowed: boolean): AskRequest {
  if (body.n !== undefined && body.n > 1) throw new AgentError('unsupported_parameter', { param: 'n' });
  if (body.logprobs || body.top_logprobs !== undefined)
    throw new AgentError('unsupported_parameter', { param: body.logprobs ? 'logprobs' : 'top_logprobs' });
  if (body.response_format?.type === 'json_schema') throw new AgentError('unsupported_parameter', { param: 'response_format' });
  if (body.tools !== undefined && body.session !== undefined) throw new AgentError('tools_not_allowed_with_session', { param: 'tools' });
  if (body.tools !== undefined) throw new AgentError('tool_not_declared', { param: 'tools' });

  const system: string[] = [];
  const turns: ModelTurn[] = [];
  body.messages.forEach((message, index) => {
    const text = textOf(message, index);
    if (message.role === 'system' || message.role === 'developer') {
      if (!instructionsAppendAllowed) throw new AgentError('system_message_not_allowed', { param: `/messages/${index}` });
      system.push(text);
    } else turns.push(message.role === 'user' ? { role: 'user', text } : { role: 'assistant', text });
  });
  const last = turns.at(-1);
  if (!last || last.role !== 'user')
    throw new AgentError('validation_failed', { param: '/messages', details: { detail: "the last message must be the user's." } });
  const limit = inputLimitFor(caller);
  const total = turns.reduce((sum, turn) => sum + (turn.role === 'user' || turn.role === 'assistant' ? (turn.text ?? '').length : 0), 0);
  if (total > limit) throw new AgentError('input_too_large', { param: '/messages', details: { limit: limit.toLocaleString('en-US') } });

  const [agent = '', version] = body.model.split('@');
  if (version !== undefined && !/^[1-9]\d{0,5}$/.test(version)) {
    throw new AgentError('validation_failed', {
      param: '/model',
      details: { detail: "use the agent's slug, optionally with @<version number>." },
    });
  }
  const overrides: Record<string, unknown> = {};
  if (system.length > 0) overrides.instructions_append = system.join('\n\n');
  if (body.temperature !== undefined) overrides.temperature = body.temperature;
  if (body.max_tokens !== undefined) overrides.max_reply_tokens = body.max_tokens;
  return {
    projectId: caller.projectId,
    orgId: caller.orgId,
    agent,
    version: version === undefined ? undefined : Number(version),
    turns,
    inputText: last.text,
    variables: {},
    overrides,
    clientTools: [],
  };
}

function textOf(message: ChatMessage, index: number): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part, partIndex) => {
      if (part.type !== 'text' || typeof part.text !== 'string')
        throw new AgentError('unsupported_content_type', { param: `/messages/${index}/content/${partIndex}` });
      return part.text;
    })
    .join('\n');
}
