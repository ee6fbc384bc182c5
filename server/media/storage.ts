import path from 'node:path';
import { createLocalMediaStore } from './local-store';
import { readMediaConfig, type MediaConfig } from './media-config';
import { createS3MediaStore } from './s3-store';

export type MediaBody = Uint8Array | ReadableStream<Uint8Array>;

/** Where media bytes live. Keys look like `<orgId>/<messageId>`; the content type is kept in the database. */
export interface MediaStore {
  put(key: string, body: MediaBody, contentType: string): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys become file paths and URL paths: only plain segments, so none can climb out of its place. */
export function assertMediaKey(key: string): void {
  const segments = key.split('/');
  if (!segments.every((s) => /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(s) && s !== '..' && s !== '.')) {
    throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  }
}

export function createMediaStore(config: MediaConfig): MediaStore {
  if (config.MEDIA_STORAGE === 'local') return createLocalMediaStore(path.resolve(config.MEDIA_DIR));
  return createS3MediaStore({
    endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

let configured: MediaStore | undefined;

/** The store the configuration names, made on first use so processes without media never read it. */
export function getMediaStore(): MediaStore {
  configured ??= createMediaStore(readMediaConfig());
  return configured;
}
