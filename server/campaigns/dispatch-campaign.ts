import { handOffChunk, type ChunkOutcome } from './hand-off-chunk';

export interface DispatchOptions {
  /** The clock: tests move time instead of sleeping. */
  now?: () => Date;
  /** Stop after this many chunks (the start request hands off the first one itself). */
  maxChunks?: number;
}

/**
 * Hands a `processing` campaign's recipients to the send pipeline chunk by chunk until none is
 * pending, it parks against the messaging limit, or it stops being `processing` (paused,
 * failed, completed). Each chunk is its own transaction, so running this twice at once, or
 * again after a crash, hands nobody off twice. Pause takes effect before the next chunk.
 */
export async function dispatchCampaign(campaignId: string, options: DispatchOptions = {}) {
  const now = options.now ?? (() => new Date());
  const total = { queued: 0, skipped: 0, state: 'more' as ChunkOutcome['state'] };
  for (let chunk = 0; total.state === 'more' && chunk < (options.maxChunks ?? Infinity); chunk++) {
    const outcome = await handOffChunk(campaignId, now());
    total.queued += outcome.queued;
    total.skipped += outcome.skipped;
    total.state = outcome.state;
  }
  return total;
}
