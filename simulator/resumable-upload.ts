import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SimContext } from './context';
import { GraphError } from './graph-error';

/**
 * The platform's resumable upload, which gives a template's media header sample its handle:
 * `POST /{app-id}/uploads?file_name&file_length&file_type` opens a session, `POST /upload:<id>`
 * with `file_offset: 0` and the bytes finishes it → `{h}`.
 */

const TYPES = new Set(['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4']);
const sessions = new WeakMap<SimContext, Map<string, { length: number; type: string }>>();

const sessionsOf = (ctx: SimContext) => {
  const found = sessions.get(ctx) ?? new Map<string, { length: number; type: string }>();
  sessions.set(ctx, found);
  return found;
};

export function startUpload(ctx: SimContext, url: URL) {
  const length = Number(url.searchParams.get('file_length'));
  const type = url.searchParams.get('file_type') ?? '';
  if (!url.searchParams.get('file_name')) throw new GraphError(100, 'Invalid parameter', 'Param file_name is required');
  if (!Number.isInteger(length) || length <= 0) throw new GraphError(100, 'Invalid parameter', 'Param file_length must be a positive integer');
  if (!TYPES.has(type)) throw new GraphError(100, 'Invalid parameter', `Param file_type must be one of {${[...TYPES].join(', ')}}`);
  const id = `upload:${randomBytes(18).toString('base64url')}`;
  sessionsOf(ctx).set(id, { length, type });
  return { id };
}

export function finishUpload(ctx: SimContext, id: string, req: IncomingMessage, raw: Buffer) {
  const session = sessionsOf(ctx).get(id);
  if (!session) throw new GraphError(100, 'Invalid parameter', `Upload session ${id} does not exist`);
  if (String(req.headers.file_offset ?? '') !== '0') throw new GraphError(100, 'Invalid parameter', 'file_offset must be 0 for a new upload');
  if (raw.length !== session.length) {
    throw new GraphError(100, 'Invalid parameter', `The upload has ${raw.length} bytes; the session was opened for ${session.length}`);
  }
  sessionsOf(ctx).delete(id);
  return { h: `4::${Buffer.from(`${session.type}:${randomBytes(12).toString('hex')}`).toString('base64')}` };
}
