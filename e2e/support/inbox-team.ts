import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { waitFor } from '@/tests/support/wait-for';

export interface InboxTeam {
  org: { id: string; name: string };
  account: { id: string; phoneId: string };
  /** The agents, in the order of `agentNames`; the first is the one who signs in. */
  agents: CreatedUser[];
  cleanUp: () => Promise<void>;
}

/** An organization with one connected number, whose templates are synced, and its agents. */
export async function createInboxTeam(orgName: string, agentNames: string[]): Promise<InboxTeam> {
  const org = await createOrg({ name: `${orgName} ${Math.random().toString(36).slice(2, 8)}` });
  const account = await createConnectedAccount(org.id, { name: 'main' });
  const agents: CreatedUser[] = [];
  for (const name of agentNames) agents.push(await createUser({ name, memberships: [{ orgId: org.id, role: 'agent' }] }));
  await requestTemplateSync(org.id, account.id);
  await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: account.id, name: 'order_update', status: 'APPROVED' } }),
    30_000,
  );
  return {
    org,
    account,
    agents,
    cleanUp: async () => {
      await db.user.deleteMany({ where: { id: { in: agents.map((agent) => agent.id) } } });
      await deleteOrgs([org.id]);
      await db.$disconnect();
      closeRedis();
    },
  };
}
