import { z } from 'zod';
import { charCount, toolNameOf, type Conversation, type ToolResult } from '../conversation';
import { simId } from '../ids';
import { openai } from '../providers';
import { argumentFragments, textDeltas, type Turn } from '../turn';
import type { Usage } from '../usage';
import { contentTexts, parseBody, type WireFormat } from './wire-format';

/** OpenAI Chat Completions: `POST /openai/v1/chat/completions`. */

const message = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.unknown().optional(),
  tool_calls: z.array(z.looseObject({ id: z.string(), function: z.looseObject({ name: z.string(), arguments: z.string() }) })).nullish(),
  tool_call_id: z.string().optional(),
});
const chatRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  tools: z.array(z.looseObject({ function: z.looseObject({ name: z.string().min(1) }) })).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  tool_choice: z.union([z.enum(['auto', 'none', 'required']), z.looseObject({ function: z.looseObject({ name: z.string() }) })]).nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
});

function parseRequest(body: unknown): Conversation {
  const request = parseBody(chatRequest, body);
  const calls = new Map<string, string>();
  let inputChars = 0;
  let lastUserText = '';
  const instructions: string[] = [];
  let toolResults: ToolResult[] = [];
  for (const item of request.messages) {
    const text = contentTexts(item.content).join('\n');
    inputChars += charCount(text);
    for (const call of item.tool_calls ?? []) {
      calls.set(call.id, call.function.name);
      inputChars += charCount(call.function.arguments);
    }
    if (item.role === 'system' || item.role === 'developer') instructions.push(text);
    if (item.role === 'user' && text) lastUserText = text;
    // Tool messages that end the input are the answers to the last round of calls.
    toolResults = item.role === 'tool' ? [...toolResults, { name: toolNameOf(item.tool_call_id, calls), output: text }] : [];
  }
  return {
    model: request.model,
    stream: request.stream ?? false,
    instructions: instructions.join('\n'),
    lastUserText,
    toolsOffered: (request.tools ?? []).map((tool) => tool.function.name),
    toolResults,
    inputChars,
    maxTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
    includeUsage: request.stream_options?.include_usage ?? false,
    toolChoice:
      typeof request.tool_choice === 'object' && request.tool_choice
        ? { name: request.tool_choice.function.name }
        : (request.tool_choice ?? undefined),
    stop: typeof request.stop === 'string' ? [request.stop] : (request.stop ?? undefined),
  };
}

const FINISH_REASONS = { end: 'stop', max_tokens: 'length' } as const;
const finishReason = (turn: Turn) => (turn.kind === 'tool_calls' ? 'tool_calls' : turn.kind === 'refusal' ? 'stop' : FINISH_REASONS[turn.stop]);
const usageBody = (usage: Usage) => ({ prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output });

function completeBody(turn: Turn, conversation: Conversation, usage: Usage): unknown {
  const toolCalls =
    turn.kind === 'tool_calls'
      ? turn.calls.map((call) => ({ id: simId('call_'), type: 'function', function: { name: call.name, arguments: call.arguments } }))
      : undefined;
  return {
    id: simId('chatcmpl-'),
    object: 'chat.completion',
    created: nowSeconds(),
    model: conversation.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: turn.kind === 'text' ? turn.text : null,
          refusal: turn.kind === 'refusal' ? turn.text : null,
          ...(toolCalls ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishReason(turn),
      },
    ],
    usage: usageBody(usage),
  };
}

export const openaiChat: WireFormat = {
  api: 'openai_chat',
  provider: openai,
  parseRequest,
  completeBody,
  async stream(turn, conversation, usage, sse, pacer) {
    const id = simId('chatcmpl-');
    const created = nowSeconds();
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      sse.send(null, {
        id,
        object: 'chat.completion.chunk',
        created,
        model: conversation.model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      });

    if (turn.kind === 'tool_calls') {
      chunk({ role: 'assistant', content: null });
      for (const [index, call] of turn.calls.entries()) {
        await pacer.nextToken();
        chunk({ tool_calls: [{ index, id: simId('call_'), type: 'function', function: { name: call.name, arguments: '' } }] });
        for (const fragment of argumentFragments(call.arguments)) {
          await pacer.nextToken();
          chunk({ tool_calls: [{ index, function: { arguments: fragment } }] });
        }
      }
    } else {
      const field = turn.kind === 'refusal' ? 'refusal' : 'content';
      chunk({ role: 'assistant', [field]: '' });
      for (const delta of textDeltas(turn.text)) {
        await pacer.nextToken();
        chunk({ [field]: delta });
      }
    }
    await pacer.beforeFinish();
    chunk({}, finishReason(turn));
    if (conversation.includeUsage)
      sse.send(null, { id, object: 'chat.completion.chunk', created, model: conversation.model, choices: [], usage: usageBody(usage) });
    sse.sendDone();
    sse.end();
  },
  sendStreamError(sse) {
    // Chat Completions reports a failure mid-stream as a data line carrying `error`.
    sse.send(null, openai.errorResponse('overloaded').body);
    sse.end();
  },
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
