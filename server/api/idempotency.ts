import { claimIdempotencyKey as claimInStore, isValidIdempotencyKey, type IdempotencyClaim } from '@/server/idempotency/idempotency-store';
import { ApiError } from '@/server/errors/api-error';

export { requestFingerprint, settleIdempotencyKey } from '@/server/idempotency/idempotency-store';

/** Idempotency-Key for /v1 (docs/messaging-api.md §4): the shared store, answered with messaging's codes. */
export function validateIdempotencyKey(key: string): void {
  if (!isValidIdempotencyKey(key)) {
    throw new ApiError('invalid_parameter', 'Idempotency-Key must be 1 to 255 characters.', { param: 'Idempotency-Key' });
  }
}

export async function claimIdempotencyKey(
  apiKeyId: string,
  key: string,
  fingerprint: string,
): Promise<Extract<IdempotencyClaim, { kind: 'claimed' | 'replay' }>> {
  const claim = await claimInStore({ contract: 'messaging', scope: apiKeyId, apiKeyId }, key, fingerprint);
  if (claim.kind === 'reused') throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
  if (claim.kind === 'in_progress') {
    throw new ApiError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
  }
  return claim;
}
