import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
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

export { handler as GET, handler as POST };
