import path from 'node:path';
import { createLocalMediaStore } from './local-store';
import { readMediaConfig, type MediaConfig } from './media-config';
import type { MediaStore } from './media-store';
import { createS3MediaStore } from './s3-store';

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
