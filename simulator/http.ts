import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reads the whole request body, refusing bodies over `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`Request body over ${limit} bytes`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Parses a JSON body; undefined when it is not JSON. */
export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** `Authorization: Bearer x` or Graph's `?access_token=x`. */
export function bearerToken(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim() ?? url.searchParams.get('access_token');
}

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');
