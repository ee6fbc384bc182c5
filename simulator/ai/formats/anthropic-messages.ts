import { z } from 'zod';
import { charCount, toolNameOf, type Conversation, type ToolResult } from '../conversation';
import { simId } from '../ids';
import { anthropic } from '../providers';
import { argumentFragments, textDeltas, type Turn } from '../turn';
import type { Usage } from '../usage';
import { contentTexts, parseBody, type WireFormat } from './wire-format';

/** Anthropic Messages: `POST /anthropic/v1/messages`. */

const block = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
  tool_use_id: z.string().optional(),
  content: z.unknown().optional(),
});
const messagesRequest = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  messages: z.array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(block)]) })).min(1),
  system: z.union([z.string(), z.array(z.looseObject({ type: z.literal('text'), text: z.string() }))]).optional(),
  tools: z.array(z.looseObject({ name: z.string().min(1) })).optional(),
  stream: z.boolean().optional(),
});

function parseRequest(body: unknown): Conversation {
  const request = parseBody(messagesRequest, body);
  const instructions = contentTexts(request.system).join('\n');
  const calls = new Map<string, string>();
  let inputChars = charCount(instructions);
  let lastUserText = '';
  let toolResults: ToolResult[] = [];
  for (const message of request.messages) {
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    toolResults = [];
    const texts: string[] = [];
    for (const item of blocks) {
      if (item.type === 'text' && item.text !== undefined) texts.push(item.text);
      if (item.type === 'tool_use' && item.id && item.name) {
        calls.set(item.id, item.name);
        inputChars += charCount(JSON.stringify(item.input ?? {}));
      }
      if (item.type === 'tool_result') {
        const output = contentTexts(item.content).join('\n');
        inputChars += charCount(output);
        if (message.role === 'user') toolResults.push({ name: toolNameOf(item.tool_use_id, calls), output });
      }
    }
    const text = texts.join('\n');
    inputChars += charCount(text);
    if (message.role === 'user' && text) lastUserText = text;
  }
  return {
    model: request.model,
    stream: request.stream ?? false,
    instructions,
    lastUserText,
    toolsOffered: (request.tools ?? []).map((tool) => tool.name),
    // Only the last message's results are this round's; earlier ones were answered already.
    toolResults,
    inputChars,
    maxTokens: request.max_tokens,
    includeUsage: true,
  };
}

const stopReason = (turn: Turn) =>
  turn.kind === 'tool_calls' ? 'tool_use' : turn.kind === 'refusal' ? 'refusal' : turn.stop === 'end' ? 'end_turn' : 'max_tokens';

/**
 * The content blocks. A refusal carries none: Anthropic's classifier stops the message and
 * says so only in `stop_reason`.
 */
function contentBlocks(turn: Turn) {
  if (turn.kind === 'refusal') return [];
  if (turn.kind === 'text') return [{ type: 'text' as const, text: turn.text }];
  return turn.calls.map((call) => ({
    type: 'tool_use' as const,
    id: simId('toolu_'),
    name: call.name,
    input: JSON.parse(call.arguments) as unknown,
  }));
}

function messageBody(
  turn: Turn,
  conversation: Conversation,
  content: unknown[],
  stop: string | null,
  usage: { input_tokens: number; output_tokens: number },
) {
  return {
    id: simId('msg_'),
    type: 'message',
    role: 'assistant',
    model: conversation.model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage,
  };
}

export const anthropicMessages: WireFormat = {
  api: 'anthropic_messages',
  provider: anthropic,
  parseRequest,
  completeBody(turn, conversation, usage: Usage) {
    return messageBody(turn, conversation, contentBlocks(turn), stopReason(turn), { input_tokens: usage.input, output_tokens: usage.output });
  },
  async stream(turn, conversation, usage, sse, pacer) {
    sse.send('message_start', {
      type: 'message_start',
      message: messageBody(turn, conversation, [], null, { input_tokens: usage.input, output_tokens: 1 }),
    });
    sse.send('ping', { type: 'ping' });
    for (const [index, block] of contentBlocks(turn).entries()) {
      if (block.type === 'text') {
        sse.send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        for (const text of textDeltas(block.text)) {
          await pacer.nextToken();
          sse.send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
        }
      } else {
        await pacer.nextToken();
        sse.send('content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } });
        for (const partial_json of argumentFragments(JSON.stringify(block.input))) {
          await pacer.nextToken();
          sse.send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
        }
      }
      sse.send('content_block_stop', { type: 'content_block_stop', index });
    }
    await pacer.beforeFinish();
    sse.send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason(turn), stop_sequence: null },
      usage: { output_tokens: usage.output },
    });
    sse.send('message_stop', { type: 'message_stop' });
    sse.end();
  },
  sendStreamError(sse) {
    sse.send('error', anthropic.errorResponse('overloaded').body);
    sse.end();
  },
};
