import { AwsClient } from 'aws4fetch';
import { assertMediaKey, type MediaBody, type MediaStore } from './media-store';

export interface S3StoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most S3-compatible servers) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Until the response headers arrive; an upload's bytes are sent within it. */
  timeoutMs?: number;
}

async function toBytes(body: MediaBody): Promise<Uint8Array<ArrayBuffer>> {
  // S3 wants a Content-Length and a payload hash, so a stream is read first; media are at most 100 MB.
  return body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : new Uint8Array(await new Response(body).arrayBuffer());
}

/** Media as objects in an S3-compatible bucket, signed with SigV4 (aws4fetch) over fetch. */
export function createS3MediaStore(options: S3StoreOptions): MediaStore {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
  });
  const timeoutMs = options.timeoutMs ?? 30_000;

  const objectUrl = (key: string): string => {
    assertMediaKey(key);
    const url = new URL(options.endpoint);
    const base = url.pathname.replace(/\/$/, '');
    const objectPath = key.split('/').map(encodeURIComponent).join('/');
    if (options.forcePathStyle) url.pathname = `${base}/${encodeURIComponent(options.bucket)}/${objectPath}`;
    else {
      url.hostname = `${options.bucket}.${url.hostname}`;
      url.pathname = `${base}/${objectPath}`;
    }
    return url.href;
  };

  async function send(method: string, key: string, init: RequestInit = {}): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`S3 ${method} timed out after ${timeoutMs} ms`)), timeoutMs);
    try {
      return await client.fetch(objectUrl(key), { ...init, method, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async function failure(response: Response, what: string): Promise<Error> {
    const text = await response.text().catch(() => '');
    return new Error(`S3 ${what} failed with HTTP ${response.status}: ${text.slice(0, 300)}`);
  }

  return {
    async put(key, body, contentType) {
      const response = await send('PUT', key, { body: await toBytes(body), headers: { 'content-type': contentType } });
      if (!response.ok) throw await failure(response, `PUT ${key}`);
      await response.body?.cancel();
    },

    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await failure(response, `GET ${key}`);
      return { stream: response.body, size: Number(response.headers.get('content-length') ?? 0) };
    },

    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${key}`);
      await response.body?.cancel();
    },
  };
}
