import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

const servers: Array<ReturnType<typeof createServer>> = [];

after(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

/**
 * For unit tests of outbound requests: serves `handler` on `host` (Linux routes all of 127/8
 * to loopback, so each address can stand for another kind of host) until the test file's
 * tests end. Returns the base URL.
 */
export async function serve(host: string, handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

/** A base URL on `host` where nothing listens any more: connections to it are refused. */
export async function refusingUrl(host: string): Promise<string> {
  const url = await serve(host, () => {});
  servers.at(-1)?.close();
  return url;
}
