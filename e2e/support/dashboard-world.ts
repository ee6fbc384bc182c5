import { test } from '@playwright/test';
import { apiScopes } from '@/server/api-keys/scopes';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { db } from '@/server/db';
import { addConversationNote } from '@/server/inbox/conversation-notes';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createAgent, createAgentProject } from '@/tests/agent-factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';

/** A string of `length` characters with no place to break a line. */
export const unbroken = (prefix: string, length: number) => (prefix + 'x'.repeat(length)).slice(0, length);

/** What customers, integrators and colleagues type, at its longest: no spaces to wrap at. */
export const longTexts = {
  message: unbroken('https://shop.example.com/track?parcel=', 2_000),
  customerName: unbroken('Maximiliana-Wolfeschlegelsteinhausen-', 80),
  note: unbroken('Customer-reference-', 300),
  tag: unbroken('priority-escalation-', 50),
  campaign: unbroken('Spring-clearance-for-returning-customers-', 120),
  webhookName: unbroken('Order-management-system-production-', 100),
  webhookUrl: `https://hooks.example.com/${unbroken('receive/whatsapp/events/', 300)}`,
  apiKey: unbroken('Warehouse-integration-key-production-', 100),
};

export interface DashboardWorld {
  owner: CreatedUser;
  org: { id: string; name: string };
  contactId: string;
  campaignId: string;
  agent: { id: string; name: string };
  cleanUp: () => Promise<void>;
}

/**
 * An organization where every page has something to show, each with the longest text it
 * may hold: a conversation (message, name, note, tag), a campaign, a webhook and an API key.
 */
export async function createDashboardWorld(): Promise<DashboardWorld> {
  const org = await createOrg({ name: `Long Names Trading ${Math.random().toString(36).slice(2, 8)}` });
  const account = await createConnectedAccount(org.id, { name: 'main' });
  const owner = await createUser({ name: 'Olivia Owner', memberships: [{ orgId: org.id, role: 'owner' }] });
  await requestTemplateSync(org.id, account.id);
  const template = await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: account.id, name: 'promo_offer', status: 'APPROVED' } }),
    30_000,
  );

  const phone = randomPhone();
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: longTexts.message, name: longTexts.customerName });
  const contact = await waitFor('the customer’s message to arrive', () =>
    db.contact.findFirst({ where: { orgId: org.id, phoneNumber: phone, lastMessageAt: { not: null } } }),
  );
  await db.contact.update({ where: { id: contact.id }, data: { tags: [longTexts.tag] } });
  await addConversationNote(org.id, contact.id, owner.id, longTexts.note);

  const campaign = await createCampaign(org.id, { name: longTexts.campaign, templateId: template.id });
  // Words that fit a line must not break mid-letter in a narrow column ("Black Frida y").
  await createCampaign(org.id, { name: 'Black Friday promo', templateId: template.id });
  await createWebhook(org.id, { name: longTexts.webhookName, url: longTexts.webhookUrl, events: ['message.received'] });
  await createApiKey({
    orgId: org.id,
    role: 'owner',
    userId: owner.id,
    input: { name: longTexts.apiKey, scopes: [...apiScopes], expiresAt: null, allowedCidrs: [], rateLimitPerMin: 600 },
  });

  const project = await createAgentProject(org.id, 'Support');
  const agent = await createAgent(project.id, { instructions: 'Help customers track their orders.', model: { id: 'sim/steady' } });

  return {
    owner,
    org,
    contactId: contact.id,
    campaignId: campaign.id,
    agent: { id: agent.id, name: agent.name },
    cleanUp: async () => {
      await db.user.deleteMany({ where: { id: owner.id } });
      await deleteOrgs([org.id]);
    },
  };
}

/** For a spec file: a world created before its tests and removed after them; call the result inside a test. */
export function useDashboardWorld(): () => DashboardWorld {
  let world: DashboardWorld | undefined;
  test.beforeAll(async () => {
    world = await createDashboardWorld();
  });
  test.afterAll(async () => {
    await world?.cleanUp();
    await db.$disconnect();
    closeRedis();
  });
  return () => {
    if (!world) throw new Error('the dashboard world is made in beforeAll');
    return world;
  };
}
