import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { dashboardRefusal } from '@/server/contract/dashboard-contract';
import { refuseCrossOrigin } from '@/server/http/same-origin';
import { logger } from '@/server/logger';
import { createTRPCContext } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/router';

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: createTRPCContext,
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
    },
  });
}

/**
 * Mutations (always POST) come from the dashboard's own pages and carry JSON only: tRPC would
 * also take form data, which another site's page can post without a CORS preflight.
 */
function mutationHandler(req: Request) {
  const refusal = refuseCrossOrigin(req);
  if (refusal) return refusal;
  if (req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    return dashboardRefusal(415, 'Send the request body as application/json.');
  }
  return handler(req);
}

export { handler as GET, mutationHandler as POST };
