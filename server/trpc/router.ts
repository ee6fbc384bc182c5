import { createTRPCRouter } from './init';
import { inboxRouter } from './routers/inbox';
import { sessionRouter } from './routers/session';
import { templatesRouter } from './routers/templates';
import { webhooksRouter } from './routers/webhooks';

export const appRouter = createTRPCRouter({
  inbox: inboxRouter,
  session: sessionRouter,
  templates: templatesRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
