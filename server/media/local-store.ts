import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { assertMediaKey, type MediaBody, type MediaStore } from './media-store';

/** Media as files under one directory; a key's segments are its sub-directories. */
export function createLocalMediaStore(dir: string): MediaStore {
  const fileFor = (key: string) => {
    assertMediaKey(key);
    return path.join(dir, ...key.split('/'));
  };

  return {
    async put(key: string, body: MediaBody) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        const source = body instanceof Uint8Array ? Readable.from([body]) : Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
        await pipeline(source, createWriteStream(partial));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key: string) {
      const file = fileFor(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    },

    async delete(key: string) {
      await rm(fileFor(key), { force: true });
    },
  };
}
