import { createTRPCRouter } from './init';
import { sessionRouter } from './routers/session';

export const appRouter = createTRPCRouter({
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
