import { z } from 'zod';
import { parseJson } from '../http';
import { BEHAVIOURS } from './behaviours';
import type { AiSimState } from './state';
import { describeIssues } from './validation';

/** The AI simulator's control API (`/_sim/ai/…`, JSON, no auth): an extension, not part of any provider's API. */

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const nextSchema = z
  .strictObject({
    key: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    behaviour: z.enum(BEHAVIOURS),
    times: z.number().int().min(1).max(1000).default(1),
  })
  .refine((body) => (body.key === undefined) !== (body.model === undefined), { message: 'give exactly one of `key` and `model`' });

const MAX_DELAY_MS = 60_000;
const configSchema = z.strictObject({
  ttft_ms: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
  token_ms: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
});

/** Answers a control call (path after `/_sim/ai`); throws ControlError for bad input or an unknown route. */
export function handleControl(state: AiSimState, method: string, url: URL, raw: Buffer): unknown {
  const route = `${method} ${url.pathname.replace(/^\/_sim\/ai/, '')}`;
  switch (route) {
    case 'GET /health':
      return { ok: true };
    case 'POST /next': {
      const body = parse(nextSchema, raw);
      const target = body.key !== undefined ? { key: body.key } : { model: body.model! };
      state.queue.add(target, body.behaviour, body.times);
      return { ...target, behaviour: body.behaviour, times: body.times };
    }
    case 'GET /requests': {
      const key = url.searchParams.get('key');
      if (!key) throw new ControlError(400, 'query parameter `key` is required');
      return state.requests.list(key);
    }
    case 'GET /config':
      return timingBody(state);
    case 'POST /config': {
      const body = parse(configSchema, raw);
      if (body.ttft_ms !== undefined) state.timing.ttftMs = body.ttft_ms;
      if (body.token_ms !== undefined) state.timing.tokenMs = body.token_ms;
      return timingBody(state);
    }
    default:
      throw new ControlError(404, `No control route ${method} ${url.pathname}`);
  }
}

const timingBody = (state: AiSimState) => ({ ttft_ms: state.timing.ttftMs, token_ms: state.timing.tokenMs });

function parse<T extends z.ZodType>(schema: T, raw: Buffer): z.infer<T> {
  const json = parseJson(raw);
  if (json === undefined) throw new ControlError(400, 'the body must be JSON');
  const result = schema.safeParse(json);
  if (!result.success) throw new ControlError(400, describeIssues(result.error));
  return result.data;
}
