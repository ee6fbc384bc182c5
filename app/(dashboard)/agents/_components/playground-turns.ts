import type { PlaygroundEvent } from './playground-transport';

/**
 * What the playground shows of one run, folded from its event stream (docs/agent-api.md §1.6):
 * the reply as its deltas arrive, each tool call from `started` to `completed`, and at the
 * terminal event the run's status, outcome, error, model and usage.
 */
export interface ToolCallView {
  callId: string;
  name: string;
  /** The arguments as the model wrote them (a JSON text, shown pretty when it parses). */
  arguments: string;
  state: 'running' | 'succeeded' | 'failed' | 'waiting';
  output?: unknown;
}

export type ReplyStatus = 'sending' | 'queued' | 'in_progress' | 'requires_action' | 'completed' | 'failed' | 'cancelled';

export interface ReplyTurn {
  kind: 'reply';
  key: string;
  runId: string | null;
  status: ReplyStatus;
  text: string;
  tools: ToolCallView[];
  outcome: string | null;
  error: { code: string; message: string } | null;
  model: string | null;
  usage: { input_tokens: number; output_tokens: number; cost_micros: number } | null;
}

export interface UserTurn {
  kind: 'user';
  key: string;
  text: string;
}

export type Turn = UserTurn | ReplyTurn;

export const newReply = (key: string): ReplyTurn => ({
  kind: 'reply',
  key,
  runId: null,
  status: 'sending',
  text: '',
  tools: [],
  outcome: null,
  error: null,
  model: null,
  usage: null,
});

interface RunData {
  id?: string;
  status?: string;
  outcome?: string | null;
  error?: { code: string; message: string } | null;
  model?: string | null;
  usage?: ReplyTurn['usage'];
  required_action?: { tool_calls?: Array<{ call_id: string; name: string; arguments: string }> };
}

interface CallData {
  call_id?: string;
  name?: string;
  arguments?: unknown;
  ok?: boolean;
  output?: unknown;
}

const terminal = new Set<ReplyStatus>(['completed', 'failed', 'cancelled']);
export const isSettled = (reply: ReplyTurn) => terminal.has(reply.status) || reply.status === 'requires_action';

const argumentsText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? {}));

/** The run's fields a run event carries (`run.in_progress`, the terminal ones, `run.requires_action`). */
function withRun(reply: ReplyTurn, run: RunData, status: ReplyStatus): ReplyTurn {
  return {
    ...reply,
    runId: run.id ?? reply.runId,
    status,
    outcome: run.outcome ?? reply.outcome,
    error: run.error ?? reply.error,
    model: run.model ?? reply.model,
    usage: run.usage ?? reply.usage,
  };
}

function upsertCall(tools: ToolCallView[], call: ToolCallView): ToolCallView[] {
  const at = tools.findIndex((t) => t.callId === call.callId);
  if (at < 0) return [...tools, call];
  return tools.map((t, i) => (i === at ? { ...t, ...call, arguments: call.arguments || t.arguments } : t));
}

/** One event applied to the reply it belongs to; unknown events (and the session-only ones) change nothing. */
export function applyRunEvent(reply: ReplyTurn, { event, data }: PlaygroundEvent): ReplyTurn {
  const run = (data ?? {}) as RunData;
  const call = (data ?? {}) as CallData;
  switch (event) {
    case 'run.created':
      return { ...reply, runId: run.id ?? reply.runId, status: run.status === 'queued' ? 'queued' : reply.status };
    case 'run.queued':
      return { ...reply, status: 'queued' };
    case 'run.in_progress':
      return withRun(reply, run, 'in_progress');
    case 'message.delta':
      return {
        ...reply,
        status: terminal.has(reply.status) ? reply.status : 'in_progress',
        text: reply.text + String((data as { text?: string })?.text ?? ''),
      };
    case 'message.completed':
      return { ...reply, text: String((data as { text?: string })?.text ?? reply.text) };
    case 'tool_call.started':
      return {
        ...reply,
        tools: upsertCall(reply.tools, {
          callId: String(call.call_id),
          name: String(call.name),
          arguments: argumentsText(call.arguments),
          state: 'running',
        }),
      };
    case 'tool_call.completed':
      return {
        ...reply,
        tools: upsertCall(reply.tools, {
          callId: String(call.call_id),
          name: String(call.name),
          arguments: '',
          state: call.ok ? 'succeeded' : 'failed',
          output: call.output,
        }),
      };
    case 'run.requires_action': {
      let tools = reply.tools;
      for (const waiting of run.required_action?.tool_calls ?? [])
        tools = upsertCall(tools, { callId: waiting.call_id, name: waiting.name, arguments: argumentsText(waiting.arguments), state: 'waiting' });
      return { ...withRun(reply, run, 'requires_action'), tools };
    }
    case 'run.completed':
    case 'run.failed':
    case 'run.cancelled':
      return withRun(reply, run, event.slice('run.'.length) as ReplyStatus);
    case 'error': {
      // A stream fault (§1.6): the run goes on, but this stream says no more.
      const fault = (data as { error?: { code?: string; message?: string } })?.error;
      return { ...reply, error: { code: fault?.code ?? 'internal_error', message: fault?.message ?? '' } };
    }
    default:
      return reply;
  }
}

/** A JSON text or value, pretty-printed for reading; a text that is not JSON as it is. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? '';
}
