import { createTRPCRouter } from './init';
import { campaignsRouter } from './routers/campaigns';
import { inboxRouter } from './routers/inbox';
import { sessionRouter } from './routers/session';
import { templatesRouter } from './routers/templates';
import { webhooksRouter } from './routers/webhooks';

export const appRouter = createTRPCRouter({
  campaigns: campaignsRouter,
  inbox: inboxRouter,
  session: sessionRouter,
  templates: templatesRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
