import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type MediaRoute = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A host for media links, by default on 127.0.0.77: the one private address the test stack's
 * OUTBOUND_ALLOWLIST lets through. Answers each path with its route, anything else 404.
 */
export async function startMediaHost(routes: Record<string, MediaRoute>, address = '127.0.0.77') {
  const server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://host').pathname];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () => {
      // The service may leave a refused download's connection open; don't wait for it.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A route serving `bytes` with these headers. */
export const serve =
  (bytes: Uint8Array, headers: Record<string, string>): MediaRoute =>
  (_req, res) =>
    res.writeHead(200, { 'content-length': String(bytes.byteLength), ...headers }).end(bytes);
