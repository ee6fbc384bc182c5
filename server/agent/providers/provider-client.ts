import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { config } from '@/server/config';
import { openMessageStream } from './anthropic-messages-adapter';
import { classifyProviderError, type CallStage } from './classify-provider-error';
import type { ModelEvent, ModelRequest, ProviderApi, ProviderClient } from './model-events';
import { openChatCompletionStream } from './openai-chat-adapter';
import { openResponseStream } from './openai-responses-adapter';
import { ProviderFailure } from './provider-failure';
import { createProviderFetch, type SdkFetch } from './provider-fetch';
import { CallDeadline, configuredProviderTimeouts, type ProviderTimeouts } from './provider-timeouts';

export interface ProviderClientOptions {
  api: ProviderApi;
  apiKey: string;
  /** A credential's own base URL; without one, OPENAI_BASE_URL or ANTHROPIC_BASE_URL. */
  baseURL?: string;
  /** The base URL came from a customer, so it goes through the SSRF-safe connector. */
  untrustedBaseURL?: boolean;
  /** Our time-outs, the configured ones unless overridden (tests shorten them). */
  timeouts?: Partial<ProviderTimeouts>;
}

type OpenStream = (request: ModelRequest, signal: AbortSignal) => Promise<AsyncIterable<ModelEvent>>;

/** A 429 is retried once, after its `retry-after`, only when that wait is at most this long. */
const MAX_RATE_LIMIT_WAIT_MS = 10_000;

/**
 * A ProviderClient on the official SDK for `api`. The SDK's own retries are off: what is retried
 * (a 429, once) and what falls back to another model is decided here and in streamWithFallback.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const timeouts = { ...configuredProviderTimeouts, ...options.timeouts };
  const fetch = createProviderFetch({ connectTimeoutMs: timeouts.connectMs, untrusted: options.untrustedBaseURL ?? false });
  const open = streamOpener(options, fetch, timeouts.totalMs);
  return { stream: (request, signal) => streamWithinDeadlines(open, request, timeouts, signal) };
}

function streamOpener(options: ProviderClientOptions, fetch: SdkFetch, totalMs: number): OpenStream {
  // The SDK's time-out only bounds the wait for headers; ours are stricter, so it never fires first.
  const common = { apiKey: options.apiKey, maxRetries: 0, timeout: totalMs, fetch };
  if (options.api === 'anthropic_messages') {
    const client = new Anthropic({ ...common, baseURL: options.baseURL ?? config.ANTHROPIC_BASE_URL });
    return (request, signal) => openMessageStream(client, request, signal);
  }
  // organization and project null: nothing from the process environment joins a customer's requests.
  const client = new OpenAI({ ...common, baseURL: options.baseURL ?? config.OPENAI_BASE_URL, organization: null, project: null });
  return options.api === 'openai_chat'
    ? (request, signal) => openChatCompletionStream(client, request, signal)
    : (request, signal) => openResponseStream(client, request, signal);
}

async function* streamWithinDeadlines(
  open: OpenStream,
  request: ModelRequest,
  timeouts: ProviderTimeouts,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  const deadline = new CallDeadline(timeouts, signal);
  let readToEnd = false;
  try {
    const events = await openRetryingRateLimitOnce(open, request, deadline);
    const iterator = events[Symbol.asyncIterator]();
    try {
      for (;;) {
        // Not raced against the deadline: an expired deadline aborts the SDK's request, which
        // rejects the read in progress, and a race per event cost a promise and a reaction on
        // every delta of every stream.
        const next = await iterator.next().catch((error: unknown) => {
          throw failureOf(error, 'stream', deadline);
        });
        // An SDK stream ends quietly when its request is aborted; the reason is ours to report.
        if (deadline.abortReason !== undefined) throw deadline.abortReason;
        if (next.done) {
          readToEnd = true;
          return;
        }
        deadline.sawEvent();
        yield next.value;
      }
    } finally {
      void iterator.return?.()?.catch(() => {});
    }
  } finally {
    deadline.dispose(readToEnd);
  }
}

async function openRetryingRateLimitOnce(open: OpenStream, request: ModelRequest, deadline: CallDeadline): Promise<AsyncIterable<ModelEvent>> {
  const attempt = () =>
    deadline.race(open(request, deadline.signal)).catch((error: unknown) => {
      throw failureOf(error, 'request', deadline);
    });
  try {
    return await attempt();
  } catch (failure) {
    const waitMs = failure instanceof ProviderFailure && failure.code === 'provider_rate_limited' ? failure.retryAfterMs : undefined;
    if (waitMs === undefined || waitMs > MAX_RATE_LIMIT_WAIT_MS) throw failure;
    await deadline.sleep(waitMs);
    deadline.awaitFirstEvent();
    return attempt();
  }
}

/** Our own time-out or the caller's abort explains any error the SDK raised because of it. */
function failureOf(error: unknown, stage: CallStage, deadline: CallDeadline): unknown {
  return deadline.abortReason ?? classifyProviderError(error, stage);
}
