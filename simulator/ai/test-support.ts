import { randomBytes } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { startAiSimulator, type RunningAiSimulator } from './server';

/**
 * What the AI simulator's tests share: the simulator in-process, the official SDKs pointed at
 * it with a fresh `sim-<random>` key each, and one driver per wire format that reduces an
 * answer to the same shape, so a behaviour can be checked on all three formats alike.
 */
export const startForTest = (): Promise<RunningAiSimulator> => startAiSimulator({ port: 0, ttftMs: 0, tokenMs: 0 });

export const freshKey = () => `sim-${randomBytes(6).toString('hex')}`;

export const openaiClient = (url: string, key: string, timeout?: number) =>
  new OpenAI({ apiKey: key, baseURL: `${url}/openai/v1`, maxRetries: 0, ...(timeout ? { timeout } : {}) });

export const anthropicClient = (url: string, key: string, timeout?: number) =>
  new Anthropic({ apiKey: key, baseURL: `${url}/anthropic`, maxRetries: 0, ...(timeout ? { timeout } : {}) });

export interface Ask {
  text: string;
  system?: string;
  tools?: string[];
  model?: string;
  maxTokens?: number;
  /** SDK time-out, ms. */
  timeout?: number;
}

export interface Answer {
  /** Text deltas in order (stream), or the whole text as one (non-stream). */
  deltas: string[];
  text: string;
  refusal: string;
  calls: Array<{ id: string; name: string; arguments: string }>;
  stop: string | null;
  usage: { input: number; output: number } | undefined;
}

export interface Driver {
  api: 'openai_chat' | 'openai_responses' | 'anthropic_messages';
  complete(ask: Ask): Promise<Answer>;
  stream(ask: Ask): Promise<Answer>;
  /** Starts a stream and hands back its events' iterator and a way to abort it. */
  open(ask: Ask): Promise<{ events: AsyncIterator<unknown>; abort(): void }>;
}

const emptyAnswer = (): Answer => ({ deltas: [], text: '', refusal: '', calls: [], stop: null, usage: undefined });
const functionTools = (names: string[] = []) =>
  names.map((name) => ({ type: 'function' as const, function: { name, parameters: { type: 'object' } } }));

export function chatDriver(url: string, key: string): Driver {
  const request = (ask: Ask) => ({
    model: ask.model ?? 'sim/steady',
    messages: [...(ask.system ? [{ role: 'system' as const, content: ask.system }] : []), { role: 'user' as const, content: ask.text }],
    ...(ask.tools ? { tools: functionTools(ask.tools) } : {}),
    ...(ask.maxTokens ? { max_completion_tokens: ask.maxTokens } : {}),
  });
  const open = async (ask: Ask) => {
    const stream = await openaiClient(url, key, ask.timeout).chat.completions.create({
      ...request(ask),
      stream: true,
      stream_options: { include_usage: true },
    });
    return { stream, events: stream[Symbol.asyncIterator](), abort: () => stream.controller.abort() };
  };
  return {
    api: 'openai_chat',
    async complete(ask) {
      const completion = await openaiClient(url, key, ask.timeout).chat.completions.create(request(ask));
      const choice = completion.choices[0]!;
      const text = choice.message.content ?? '';
      return {
        deltas: text ? [text] : [],
        text,
        refusal: choice.message.refusal ?? '',
        calls: (choice.message.tool_calls ?? []).flatMap((call) =>
          call.type === 'function' ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }] : [],
        ),
        stop: choice.finish_reason,
        usage: completion.usage && { input: completion.usage.prompt_tokens, output: completion.usage.completion_tokens },
      };
    },
    async stream(ask) {
      const { stream } = await open(ask);
      const answer = emptyAnswer();
      for await (const chunk of stream) {
        if (chunk.usage) answer.usage = { input: chunk.usage.prompt_tokens, output: chunk.usage.completion_tokens };
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta.content) answer.deltas.push(choice.delta.content);
        if (choice.delta.refusal) answer.refusal += choice.delta.refusal;
        for (const call of choice.delta.tool_calls ?? []) {
          answer.calls[call.index] ??= { id: call.id ?? '', name: call.function?.name ?? '', arguments: '' };
          answer.calls[call.index]!.arguments += call.function?.arguments ?? '';
        }
        if (choice.finish_reason) answer.stop = choice.finish_reason;
      }
      answer.text = answer.deltas.join('');
      return answer;
    },
    open,
  };
}

export function responsesDriver(url: string, key: string): Driver {
  const request = (ask: Ask) => ({
    model: ask.model ?? 'sim/steady',
    input: ask.text,
    ...(ask.system ? { instructions: ask.system } : {}),
    ...(ask.tools
      ? { tools: ask.tools.map((name) => ({ type: 'function' as const, name, parameters: { type: 'object' }, strict: false })) }
      : {}),
    ...(ask.maxTokens ? { max_output_tokens: ask.maxTokens } : {}),
  });
  const fromResponse = (response: OpenAI.Responses.Response, answer: Answer): Answer => {
    for (const item of response.output) {
      if (item.type === 'function_call') answer.calls.push({ id: item.call_id, name: item.name, arguments: item.arguments });
      if (item.type !== 'message') continue;
      for (const part of item.content) {
        if (part.type === 'refusal') answer.refusal += part.refusal;
        // The wire has no `output_text` (the SDK adds it to whole answers only): read the parts.
        else answer.text += part.text;
      }
    }
    answer.stop = response.status ?? null;
    answer.usage = response.usage ? { input: response.usage.input_tokens, output: response.usage.output_tokens } : undefined;
    return answer;
  };
  const open = async (ask: Ask) => {
    const stream = await openaiClient(url, key, ask.timeout).responses.create({ ...request(ask), stream: true });
    return { stream, events: stream[Symbol.asyncIterator](), abort: () => stream.controller.abort() };
  };
  return {
    api: 'openai_responses',
    async complete(ask) {
      const response = await openaiClient(url, key, ask.timeout).responses.create(request(ask));
      const answer = fromResponse(response, emptyAnswer());
      answer.deltas = answer.text ? [answer.text] : [];
      return answer;
    },
    async stream(ask) {
      const { stream } = await open(ask);
      const answer = emptyAnswer();
      let sequence = 0;
      let final: OpenAI.Responses.Response | undefined;
      for await (const event of stream) {
        if (event.sequence_number !== sequence++) throw new Error(`sequence_number ${event.sequence_number} out of order`);
        if (event.type === 'response.output_text.delta') answer.deltas.push(event.delta);
        if (event.type === 'response.completed' || event.type === 'response.incomplete') final = event.response;
      }
      if (!final) throw new Error('the stream ended without response.completed');
      return fromResponse(final, answer);
    },
    open,
  };
}

export function anthropicDriver(url: string, key: string): Driver {
  const request = (ask: Ask) => ({
    model: ask.model ?? 'sim/steady',
    max_tokens: ask.maxTokens ?? 1024,
    messages: [{ role: 'user' as const, content: ask.text }],
    ...(ask.system ? { system: ask.system } : {}),
    ...(ask.tools ? { tools: ask.tools.map((name) => ({ name, input_schema: { type: 'object' as const } })) } : {}),
  });
  const open = async (ask: Ask) => {
    const stream = await anthropicClient(url, key, ask.timeout).messages.create({ ...request(ask), stream: true });
    return { stream, events: stream[Symbol.asyncIterator](), abort: () => stream.controller.abort() };
  };
  return {
    api: 'anthropic_messages',
    async complete(ask) {
      const message = await anthropicClient(url, key, ask.timeout).messages.create(request(ask));
      const answer = emptyAnswer();
      for (const block of message.content) {
        if (block.type === 'text') answer.deltas.push(block.text);
        if (block.type === 'tool_use') answer.calls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input) });
      }
      answer.text = answer.deltas.join('');
      answer.stop = message.stop_reason;
      answer.usage = { input: message.usage.input_tokens, output: message.usage.output_tokens };
      return answer;
    },
    async stream(ask) {
      const { stream } = await open(ask);
      const answer = emptyAnswer();
      let input = 0;
      for await (const event of stream) {
        if (event.type === 'message_start') input = event.message.usage.input_tokens;
        if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
          answer.calls[event.index] = { id: event.content_block.id, name: event.content_block.name, arguments: '' };
        }
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') answer.deltas.push(event.delta.text);
        if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
          answer.calls[event.index]!.arguments += event.delta.partial_json;
        if (event.type === 'message_delta') {
          answer.stop = event.delta.stop_reason;
          answer.usage = { input, output: event.usage.output_tokens };
        }
      }
      answer.text = answer.deltas.join('');
      answer.calls = answer.calls.filter(Boolean);
      return answer;
    },
    open,
  };
}

export const allDrivers = (url: string, key: string): Driver[] => [chatDriver(url, key), responsesDriver(url, key), anthropicDriver(url, key)];

/** The simulator's control API. */
export async function control(url: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/_sim/ai${path}`, {
    method,
    ...(body !== undefined ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}
