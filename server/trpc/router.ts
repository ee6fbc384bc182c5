import { createTRPCRouter } from './init';
import { agentsRouter } from './routers/agents';
import { apiKeysRouter } from './routers/api-keys';
import { campaignsRouter } from './routers/campaigns';
import { contactsRouter } from './routers/contacts';
import { inboxRouter } from './routers/inbox';
import { reportsRouter } from './routers/reports';
import { sessionRouter } from './routers/session';
import { settingsRouter } from './routers/settings';
import { setupRouter } from './routers/setup';
import { templatesRouter } from './routers/templates';
import { webhooksRouter } from './routers/webhooks';

export const appRouter = createTRPCRouter({
  agents: agentsRouter,
  apiKeys: apiKeysRouter,
  campaigns: campaignsRouter,
  contacts: contactsRouter,
  inbox: inboxRouter,
  reports: reportsRouter,
  session: sessionRouter,
  settings: settingsRouter,
  setup: setupRouter,
  templates: templatesRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
