import { createHash } from 'node:crypto';
import { db, type DbTx, type Media } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { MediaStore } from './media-store';
import { getMediaStore } from './storage';

export interface StoreMessageMediaInput {
  orgId: string;
  messageId: string;
  bytes: Uint8Array;
  contentType: string;
  filename?: string;
  sourceUrl?: string;
  platformMediaId?: string;
}

/**
 * Stores a message's media bytes and records them. Once per message: a second call (a retried
 * job, a redelivered webhook) returns the first record and leaves the stored bytes alone.
 */
export async function storeMessageMedia(
  tx: DbTx | undefined,
  input: StoreMessageMediaInput,
  store: MediaStore = getMediaStore(),
): Promise<Media> {
  const client = tx ?? db;
  const existing = await client.media.findUnique({ where: { messageId: input.messageId } });
  if (existing) return existing;
  const message = await client.message.findFirst({ where: { id: input.messageId, orgId: input.orgId }, select: { id: true } });
  if (!message) throw new Error(`Message ${input.messageId} does not belong to organization ${input.orgId}`);

  const storageKey = `${input.orgId}/${input.messageId}`;
  await store.put(storageKey, input.bytes, input.contentType);
  // upsert, not create: a concurrent call for the same message wrote the same key and keeps its row.
  return client.media.upsert({
    where: { messageId: input.messageId },
    update: {},
    create: {
      id: newId('media'),
      orgId: input.orgId,
      messageId: input.messageId,
      storageKey,
      contentType: input.contentType,
      filename: input.filename ?? null,
      sizeBytes: input.bytes.byteLength,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      platformMediaId: input.platformMediaId ?? null,
      sourceUrl: input.sourceUrl ?? null,
    },
  });
}

export interface OpenedMedia {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  filename: string | null;
  size: number;
}

/** The stored media of a message of this organization; null for another organization's message too. */
export async function openMessageMedia(orgId: string, messageId: string, store: MediaStore = getMediaStore()): Promise<OpenedMedia | null> {
  const media = await db.media.findFirst({ where: { messageId, orgId } });
  if (!media) return null;
  const stored = await store.get(media.storageKey);
  if (!stored) return null;
  return { stream: stored.stream, contentType: media.contentType, filename: media.filename, size: stored.size };
}
