import { z } from 'zod';
import { charCount, toolNameOf, type Conversation, type ToolResult } from '../conversation';
import { simId } from '../ids';
import type { Pacer } from '../pacer';
import { openai } from '../providers';
import type { SseWriter } from '../sse';
import { argumentFragments, textDeltas, type Turn } from '../turn';
import type { Usage } from '../usage';
import { contentTexts, parseBody, type WireFormat } from './wire-format';

/** OpenAI Responses: `POST /openai/v1/responses`. */

const inputItem = z.looseObject({
  type: z.string().optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']).optional(),
  content: z.unknown().optional(),
  call_id: z.string().optional(),
  name: z.string().optional(),
  arguments: z.string().optional(),
  output: z.unknown().optional(),
});
const responsesRequest = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(inputItem).min(1)]),
  instructions: z.string().nullish(),
  stream: z.boolean().nullish(),
  tools: z.array(z.looseObject({ type: z.string(), name: z.string().optional() })).nullish(),
  max_output_tokens: z.number().int().positive().nullish(),
});

function parseRequest(body: unknown): Conversation {
  const request = parseBody(responsesRequest, body);
  const items = typeof request.input === 'string' ? [{ role: 'user' as const, content: request.input }] : request.input;
  const calls = new Map<string, string>();
  const instructions = request.instructions ? [request.instructions] : [];
  let inputChars = charCount(request.instructions ?? '');
  let lastUserText = '';
  let toolResults: ToolResult[] = [];
  for (const item of items) {
    const type = item.type ?? 'message';
    if (type === 'function_call_output') {
      const output = typeof item.output === 'string' ? item.output : contentTexts(item.output).join('\n');
      inputChars += charCount(output);
      // Outputs that end the input are the answers to the last round of calls.
      toolResults = [...toolResults, { name: toolNameOf(item.call_id, calls), output }];
      continue;
    }
    toolResults = [];
    if (type === 'function_call') {
      if (item.call_id && item.name) calls.set(item.call_id, item.name);
      inputChars += charCount(item.arguments ?? '');
    } else if (type === 'message') {
      const text = contentTexts(item.content).join('\n');
      inputChars += charCount(text);
      if (item.role === 'system' || item.role === 'developer') instructions.push(text);
      if (item.role === 'user' && text) lastUserText = text;
    }
  }
  return {
    model: request.model,
    stream: request.stream ?? false,
    instructions: instructions.join('\n'),
    lastUserText,
    toolsOffered: (request.tools ?? []).flatMap((tool) => (tool.type === 'function' && tool.name ? [tool.name] : [])),
    toolResults,
    inputChars,
    maxTokens: request.max_output_tokens ?? undefined,
    includeUsage: true,
  };
}

type OutputItem =
  | { id: string; type: 'message'; status: string; role: 'assistant'; content: ContentPart[] }
  | { id: string; type: 'function_call'; status: string; call_id: string; name: string; arguments: string };
type ContentPart = { type: 'output_text'; text: string; annotations: []; logprobs: [] } | { type: 'refusal'; refusal: string };

/** The finished output items of a turn: one message (text or refusal), or one function call per call. */
function outputItems(turn: Turn): OutputItem[] {
  if (turn.kind === 'tool_calls') {
    return turn.calls.map((call) => ({
      id: simId('fc_'),
      type: 'function_call',
      status: 'completed',
      call_id: simId('call_'),
      name: call.name,
      arguments: call.arguments,
    }));
  }
  const part: ContentPart =
    turn.kind === 'refusal' ? { type: 'refusal', refusal: turn.text } : { type: 'output_text', text: turn.text, annotations: [], logprobs: [] };
  return [{ id: simId('msg_'), type: 'message', status: 'completed', role: 'assistant', content: [part] }];
}

const isIncomplete = (turn: Turn) => turn.kind === 'text' && turn.stop === 'max_tokens';

function responseBody(id: string, conversation: Conversation, turn: Turn, output: OutputItem[], usage: Usage | null, status: string) {
  return {
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: null,
    max_output_tokens: conversation.maxTokens ?? null,
    model: conversation.model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: usage && {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
  };
}

const finalStatus = (turn: Turn) => (isIncomplete(turn) ? 'incomplete' : 'completed');

/** Numbers every event, as the Responses stream does. */
function sequencedSender(sse: SseWriter) {
  return (type: string, fields: Record<string, unknown>) => sse.send(type, { type, sequence_number: sse.eventsSent, ...fields });
}

async function streamItem(send: ReturnType<typeof sequencedSender>, item: OutputItem, output_index: number, pacer: Pacer): Promise<void> {
  if (item.type === 'function_call') {
    await pacer.nextToken();
    send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
    for (const delta of argumentFragments(item.arguments)) {
      await pacer.nextToken();
      send('response.function_call_arguments.delta', { item_id: item.id, output_index, delta });
    }
    send('response.function_call_arguments.done', { item_id: item.id, output_index, name: item.name, arguments: item.arguments });
  } else {
    send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
    const part = item.content[0]!;
    const at = { item_id: item.id, output_index, content_index: 0 };
    if (part.type === 'refusal') {
      send('response.content_part.added', { ...at, part: { type: 'refusal', refusal: '' } });
      for (const delta of textDeltas(part.refusal)) {
        await pacer.nextToken();
        send('response.refusal.delta', { ...at, delta });
      }
      send('response.refusal.done', { ...at, refusal: part.refusal });
    } else {
      send('response.content_part.added', { ...at, part: { ...part, text: '' } });
      for (const delta of textDeltas(part.text)) {
        await pacer.nextToken();
        send('response.output_text.delta', { ...at, delta, logprobs: [] });
      }
      send('response.output_text.done', { ...at, text: part.text, logprobs: [] });
    }
    send('response.content_part.done', { ...at, part });
  }
  send('response.output_item.done', { output_index, item });
}

export const openaiResponses: WireFormat = {
  api: 'openai_responses',
  provider: openai,
  parseRequest,
  completeBody(turn, conversation, usage) {
    return responseBody(simId('resp_'), conversation, turn, outputItems(turn), usage, finalStatus(turn));
  },
  async stream(turn, conversation, usage, sse, pacer) {
    const id = simId('resp_');
    const send = sequencedSender(sse);
    send('response.created', { response: responseBody(id, conversation, turn, [], null, 'in_progress') });
    send('response.in_progress', { response: responseBody(id, conversation, turn, [], null, 'in_progress') });
    const items = outputItems(turn);
    for (const [index, item] of items.entries()) await streamItem(send, item, index, pacer);
    await pacer.beforeFinish();
    const status = finalStatus(turn);
    send(`response.${status}`, { response: responseBody(id, conversation, turn, items, usage, status) });
    sse.end();
  },
  sendStreamError(sse) {
    const { error } = openai.errorResponse('overloaded').body as { error: { message: string; code: string } };
    sequencedSender(sse)('error', { code: error.code, message: error.message, param: null });
    sse.end();
  },
};
