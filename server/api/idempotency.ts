import { createHash } from 'node:crypto';
import { config } from '@/server/config';
import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { ApiError } from '@/server/errors/api-error';

/**
 * Idempotency-Key (decisions §4): keys of 1 to 255 characters, scoped to the API key, kept 24
 * hours (IDEMPOTENCY_KEY_TTL_S; the worker purges expired records, server/retention/). The first request claims the key with a row (a unique index settles races between
 * concurrent requests); a retry with the same body replays the stored answer, one with a
 * different body or while the first still runs gets 409. 5xx answers are not stored: the key
 * is released so the client can retry.
 */
const RETENTION_MS = config.IDEMPOTENCY_KEY_TTL_S * 1000;
/** A claim older than this belongs to a request that died without answering; it may be taken over. */
const ABANDONED_MS = 5 * 60_000;

export interface StoredResponse {
  status: number;
  body: string;
}

export type IdempotencyClaim = { kind: 'claimed'; recordId: string } | { kind: 'replay'; response: StoredResponse };

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The same request means the same method, path and JSON body (key order and spacing aside). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(body ?? null)]))
    .digest('hex');
}

export function validateIdempotencyKey(key: string): void {
  if (key.length < 1 || key.length > 255) {
    throw new ApiError('invalid_parameter', 'Idempotency-Key must be 1 to 255 characters.', { param: 'Idempotency-Key' });
  }
}

export async function claimIdempotencyKey(apiKeyId: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const recordId = newId('idempotency');
    try {
      await db.idempotencyRecord.create({
        data: { id: recordId, apiKeyId, key, requestHash: fingerprint, expiresAt: new Date(Date.now() + RETENTION_MS) },
      });
      return { kind: 'claimed', recordId };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    }
    const existing = await db.idempotencyRecord.findUnique({ where: { apiKeyId_key: { apiKeyId, key } } });
    if (!existing) continue; // released meanwhile: claim again
    const now = Date.now();
    const abandoned = existing.state === 'in_progress' && existing.createdAt.getTime() < now - ABANDONED_MS;
    if (existing.expiresAt.getTime() <= now || abandoned) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (existing.requestHash !== fingerprint) {
      throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
    }
    if (existing.state === 'in_progress') {
      throw new ApiError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
    }
    return { kind: 'replay', response: { status: existing.responseStatus ?? 200, body: existing.responseBody ?? '' } };
  }
  throw new ApiError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
}

/** Stores the answer for replays, or releases the key when the answer was a server error. */
export async function settleIdempotencyKey(recordId: string, response: StoredResponse): Promise<void> {
  if (response.status >= 500) {
    await db.idempotencyRecord.deleteMany({ where: { id: recordId } });
    return;
  }
  await db.idempotencyRecord.update({
    where: { id: recordId },
    data: { state: 'completed', responseStatus: response.status, responseBody: response.body },
  });
}
