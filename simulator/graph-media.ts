import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from './context';
import { invalidParameter, mediaError, missingParameter } from './graph-error';
import { checkUpload } from './rules';
import type { MediaRecord } from './state';

/** Media upload (multipart), media URL lookup and authenticated download. */

/** Download URLs expire after 5 minutes [MEDIA]. */
const URL_TTL_MS = 5 * 60_000;

const newMediaId = () => String(1_000_000_000_000_000n + BigInt(`0x${randomBytes(6).toString('hex')}`));

export async function handleUpload(ctx: SimContext, phoneId: string, req: IncomingMessage, raw: Buffer) {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw invalidParameter('Upload must be multipart/form-data');
  let form: FormData;
  try {
    form = await new Request('http://simulator/upload', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    throw invalidParameter('Malformed multipart body');
  }
  if (form.get('messaging_product') !== 'whatsapp') throw invalidParameter('messaging_product must be "whatsapp"');
  const file = form.get('file');
  if (!(file instanceof Blob)) throw missingParameter('Param file is required');
  const declared = form.get('type');
  const mimeType = typeof declared === 'string' && declared ? declared : file.type;
  if (!mimeType) throw missingParameter('Param type is required');
  if (typeof declared === 'string' && declared && file.type && file.type !== declared) {
    throw mediaError(`Declared type ${declared} does not match the file's type ${file.type}`);
  }
  const filename = file instanceof File && file.name ? file.name : undefined;
  checkUpload(mimeType, file.size, filename);
  const bytes = Buffer.from(await file.arrayBuffer());
  const record = storeMedia(ctx, phoneId, bytes, mimeType, filename);
  return { id: record.id };
}

export function storeMedia(ctx: SimContext, phoneId: string, bytes: Buffer, mimeType: string, filename?: string): MediaRecord {
  const record: MediaRecord = {
    id: newMediaId(),
    phoneId,
    bytes,
    mimeType,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(filename ? { filename } : {}),
  };
  ctx.state.media.set(record.id, record);
  return record;
}

/** `GET /{version}/{media_id}`: a fresh, short-lived download URL on this host. */
export function mediaInfo(ctx: SimContext, media: MediaRecord, origin: string) {
  const token = randomBytes(18).toString('base64url');
  const now = Date.now();
  for (const [t, u] of ctx.state.mediaUrls) if (u.expiresAt <= now) ctx.state.mediaUrls.delete(t);
  ctx.state.mediaUrls.set(token, { mediaId: media.id, expiresAt: now + URL_TTL_MS });
  return {
    messaging_product: 'whatsapp',
    url: `${origin}/_media/${token}`,
    mime_type: media.mimeType,
    sha256: media.sha256,
    file_size: media.bytes.length,
    id: media.id,
  };
}

/** `GET /_media/{token}` (Bearer already checked): the bytes, or 404 once the URL expired. */
export function downloadMedia(ctx: SimContext, token: string, res: ServerResponse): void {
  const entry = ctx.state.mediaUrls.get(token);
  const media = entry && entry.expiresAt > Date.now() ? ctx.state.media.get(entry.mediaId) : undefined;
  if (!media) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Media URL not found or expired');
    return;
  }
  res.writeHead(200, { 'Content-Type': media.mimeType, 'Content-Length': media.bytes.length });
  res.end(media.bytes);
}
