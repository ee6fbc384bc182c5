import { createServer } from 'node:http';
import next from 'next';
import { config } from '@/server/config';
import { logger } from '@/server/logger';
import { answerApiEdge } from './api-edge';
import { buildDir, staleBuildProblem } from './build-stamp';
import { CLIENT_ADDRESS_HEADER, clientAddress } from './client-address';
import { answerDirectAgentRoute, loadDirectAgentRoutes } from './direct-agent-routes';

/**
 * The web process, and its only entry point (`npm start`; `npm run dev` with `--dev`): Next.js
 * behind a plain Node HTTP server, for two reasons: route handlers cannot see the socket, and
 * API keys restricted to source addresses need the real one (any client-sent copy of the header
 * is overwritten); and every /v1 answer, those Next.js makes itself included, must carry a
 * Request-Id (api-edge.ts). It also answers the widget's routes itself, with their compiled
 * handlers (direct-agent-routes.ts). In development Next.js compiles each route on its first
 * request, so there are no compiled handlers to load: the direct routes go on to Next.js.
 */
const dev = process.argv.includes('--dev');
const port = config.PORT;
if (!dev) {
  // A build older than the sources would serve old routes beside a worker running new code.
  const stale = staleBuildProblem();
  if (stale) {
    logger.fatal(`${stale} Run npm run build first.`);
    process.exit(1);
  }
}
const app = next({ dev, dir: process.cwd(), port, hostname: '0.0.0.0' });
const handle = app.getRequestHandler();
await app.prepare();
if (!dev) await loadDirectAgentRoutes(buildDir());

const server = createServer((req, res) => {
  const forwarded = req.headers['x-forwarded-for'];
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.socket.remoteAddress ?? '', Array.isArray(forwarded) ? forwarded.join(',') : forwarded);
  if (answerApiEdge(req, res)) return;
  if (answerDirectAgentRoute(req, res)) return;
  void handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, () => logger.info({ port, dev }, 'web server listening'));

function shutdown(signal: string) {
  logger.info({ signal }, 'web server stopping');
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
