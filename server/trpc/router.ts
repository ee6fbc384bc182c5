import { createTRPCRouter } from './init';
import { sessionRouter } from './routers/session';
import { templatesRouter } from './routers/templates';

export const appRouter = createTRPCRouter({
  session: sessionRouter,
  templates: templatesRouter,
});

export type AppRouter = typeof appRouter;
