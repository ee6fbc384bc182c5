import { createHash } from 'node:crypto';
import { config } from '@/server/config';
import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';

/**
 * The Idempotency-Key store both APIs share (docs/messaging-api.md §4, docs/agent-api.md §1.1): a key
 * claimed by a row whose unique index (contract, scope, key) settles races between concurrent
 * requests, kept IDEMPOTENCY_KEY_TTL_S (the worker purges expired rows, server/retention/).
 * It says what happened; each API answers with its own codes (messaging 409, agent 422 for a
 * reused key). 5xx answers are not stored: the key is released so the client can retry.
 */
const RETENTION_MS = config.IDEMPOTENCY_KEY_TTL_S * 1000;
/** A claim older than this belongs to a request that died without answering; it may be taken over. */
const ABANDONED_MS = 5 * 60_000;

export type IdempotencyContract = 'messaging' | 'agent';

export interface StoredResponse {
  status: number;
  body: string;
}

export type IdempotencyClaim =
  { kind: 'claimed'; recordId: string } | { kind: 'replay'; response: StoredResponse } | { kind: 'reused' } | { kind: 'in_progress' };

export interface IdempotencyOwner {
  contract: IdempotencyContract;
  /** Who may replay: the messaging key id, or the agent principal and route. */
  scope: string;
  /** The messaging key the record belongs to, so deleting the key deletes its records. */
  apiKeyId?: string;
}

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

export const isValidIdempotencyKey = (key: string) => key.length >= 1 && key.length <= 255;

export async function claimIdempotencyKey(owner: IdempotencyOwner, key: string, fingerprint: string): Promise<IdempotencyClaim> {
  const { contract, scope } = owner;
  for (let attempt = 0; attempt < 3; attempt++) {
    const recordId = newId('idempotency');
    try {
      await db.idempotencyRecord.create({
        data: {
          id: recordId,
          contract,
          scope,
          apiKeyId: owner.apiKeyId ?? null,
          key,
          requestHash: fingerprint,
          expiresAt: new Date(Date.now() + RETENTION_MS),
        },
      });
      return { kind: 'claimed', recordId };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    }
    const existing = await db.idempotencyRecord.findUnique({ where: { contract_scope_key: { contract, scope, key } } });
    if (!existing) continue; // released meanwhile: claim again
    const now = Date.now();
    const abandoned = existing.state === 'in_progress' && existing.createdAt.getTime() < now - ABANDONED_MS;
    if (existing.expiresAt.getTime() <= now || abandoned) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (existing.requestHash !== fingerprint) return { kind: 'reused' };
    if (existing.state === 'in_progress') return { kind: 'in_progress' };
    return { kind: 'replay', response: { status: existing.responseStatus ?? 200, body: existing.responseBody ?? '' } };
  }
  return { kind: 'in_progress' };
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
