import type { ModelEvent, ModelRequest, ProviderClient } from './model-events';
import { endsFallback, ProviderFailure, refusalFailure, type ProviderErrorCode } from './provider-failure';

export interface FallbackCandidate {
  modelId: string;
  client: ProviderClient;
  request: ModelRequest;
}

/** One model tried: `code` is why it was left, absent for the one that answered. */
export interface FallbackAttempt {
  modelId: string;
  code?: ProviderErrorCode;
}

export interface FallbackOptions {
  /** Whether any text has reached the client yet; once it has, a failure can no longer be hidden by another model. */
  deltasDelivered: () => boolean;
  signal?: AbortSignal;
  /** Told of every attempt as it ends, so a run can record them. */
  onAttempt?: (attempt: FallbackAttempt) => void;
}

/**
 * An event and the model it came from. Where nothing is delivered until the end (WhatsApp),
 * a model that failed mid-answer may have streamed some text first: keep only the last model's.
 */
export interface ModelEventFrom {
  modelId: string;
  event: ModelEvent;
}

/**
 * Streams from the first candidate that answers, in order (docs/agent-api.md §1.11): any failure
 * but provider_auth_failed and provider_bad_request moves to the next, and so does a refusal,
 * but only while nothing has reached the client. When no candidate is left, the last failure
 * is thrown (a refusal as provider_refusal); once deltas were delivered, a failure is thrown
 * and a refusal passes through as events, for the caller to decide.
 */
export async function* streamWithFallback(candidates: FallbackCandidate[], options: FallbackOptions): AsyncGenerator<ModelEventFrom> {
  const { deltasDelivered, signal, onAttempt } = options;
  for (const [position, candidate] of candidates.entries()) {
    const isLast = position === candidates.length - 1;
    const { modelId } = candidate;
    let failure: ProviderFailure | undefined;
    try {
      for await (const event of candidate.client.stream(candidate.request, signal)) {
        if (event.type === 'refusal' && !deltasDelivered()) {
          failure = refusalFailure(event.text);
          break;
        }
        yield { modelId, event };
      }
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      failure = error;
    }
    if (!failure) {
      onAttempt?.({ modelId });
      return;
    }
    onAttempt?.({ modelId, code: failure.code });
    if (isLast || endsFallback(failure) || deltasDelivered()) throw failure;
    signal?.throwIfAborted();
  }
  throw new Error('streamWithFallback needs at least one candidate');
}
