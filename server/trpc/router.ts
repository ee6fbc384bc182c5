import { createTRPCRouter } from './init';
import { inboxRouter } from './routers/inbox';
import { sessionRouter } from './routers/session';
import { templatesRouter } from './routers/templates';

export const appRouter = createTRPCRouter({
  inbox: inboxRouter,
  session: sessionRouter,
  templates: templatesRouter,
});

export type AppRouter = typeof appRouter;
