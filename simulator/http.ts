import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
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
  // The resumable upload documents `OAuth <token>`; every other call `Bearer`.
  const match = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim() ?? url.searchParams.get('access_token');
}

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** Starts listening (port 0 picks a free one) and returns the server's base URL. */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { address, port: bound } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${bound}`;
}
