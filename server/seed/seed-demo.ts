import { randomBytes } from 'node:crypto';
import { hashPassword } from '@/server/auth/password';
import { apiScopes } from '@/server/api-keys/scopes';
import { displayPrefix, generateApiKey, generateLegacyApiKey, hashApiKey } from '@/server/api-keys/key-format';
import { config } from '@/server/config';
import { openConversationPeriod } from '@/server/conversations/conversation-periods';
import { db, type DbTx, type SubscriptionStatus } from '@/server/db';
import { agentDemoSlugs, agentMemberLogin, finishAgentDemo, seedAgentDemo } from './seed-agent';
import { newId } from '@/server/db/ids';
import { newTemplateRow } from '@/server/templates/from-platform';
import { demoWorld, type PlatformBusiness } from './demo-world';
import { tellSimulatorHistory, type CustomerMessageFact } from './simulator-history';

/**
 * Loads the demo data set, then tells the platform simulator the
 * demo customers' messages, so the data's promises hold there too. Fails when no simulator
 * answers (start it first).
 */
export const demoLogin = { email: 'admin@acme.test', password: 'acme-demo-password' };
const demoSlugs = ['acme', 'globex', 'lapsed', 'noaccount', ...agentDemoSlugs];
const hour = 3600_000;
const tierLimits: Record<PlatformBusiness['messaging_limit_tier'], number> = {
  TIER_250: 250,
  TIER_2K: 2000,
  TIER_10K: 10000,
  TIER_100K: 100000,
  TIER_UNLIMITED: -1,
};

export type DemoData = Awaited<ReturnType<typeof loadDemoData>>['data'];

export async function seedDemo(): Promise<DemoData> {
  const { data, history } = await loadDemoData();
  if ((await tellSimulatorHistory(history)) === 'unreachable') {
    throw new Error(
      `No platform simulator answers at ${config.PLATFORM_BASE_URL}: the demo customers' messages are stored, but the platform does not know them`,
    );
  }
  return data;
}

/**
 * Writes the demo data set into the database. Running it again deletes the demo organizations
 * and users and creates them anew with fresh keys, in one transaction. `history` is what the
 * platform must know of it (`tellSimulatorHistory`).
 */
export async function loadDemoData() {
  const passwordHash = await hashPassword(demoLogin.password);
  const history: CustomerMessageFact[] = [];
  let agentAfterCommit: Awaited<ReturnType<typeof seedAgentDemo>>['afterCommit'] | undefined;
  const data = await db.$transaction(
    async (tx) => {
      await tx.organization.deleteMany({ where: { slug: { in: demoSlugs } } });
      await tx.user.deleteMany({ where: { email: { in: [demoLogin.email, agentMemberLogin.email] } } });

      const acme = await createOrg(tx, 'Acme Inc.', 'acme');
      const globex = await createOrg(tx, 'Globex Corporation', 'globex');
      const lapsed = await createOrg(tx, 'Lapsed Ltd.', 'lapsed', 'canceled');
      const noaccount = await createOrg(tx, 'No Account LLC', 'noaccount');

      const userId = newId('user');
      await tx.user.create({ data: { id: userId, email: demoLogin.email, name: 'Ada Admin', passwordHash } });
      await tx.membership.createMany({
        data: [
          { id: newId('membership'), orgId: acme, userId, role: 'owner' },
          { id: newId('membership'), orgId: globex, userId, role: 'admin' },
        ],
      });

      const now = Date.now();
      const key = (orgId: string, name: string, extra: KeyExtra = {}) => createKey(tx, orgId, name, extra);
      const acmeKeys = {
        full: await key(acme, 'full'),
        read_only: await key(acme, 'read only', {
          scopes: ['account:read', 'messages:read', 'campaigns:read', 'webhooks:read', 'templates:read', 'contacts:read'],
        }),
        send_only: await key(acme, 'send only', { scopes: ['messages:send'] }),
        expired: await key(acme, 'expired', { expiresAt: new Date(now - 24 * hour) }),
        revoked: await key(acme, 'revoked', { revokedAt: new Date(now - hour) }),
        disabled: await key(acme, 'disabled', { disabledAt: new Date(now - hour) }),
        ip_restricted: await key(acme, 'ip restricted', { allowedCidrs: ['203.0.113.7/32'] }),
        legacy: await key(acme, 'legacy', { legacy: true }),
        low_rate: await key(acme, 'low rate', { rateLimitPerMin: 5 }),
      };

      const acmeBusiness = await createBusiness(tx, acme, 'Acme', demoWorld.acme, ['main', 'support']);
      const [main, support] = acmeBusiness.accounts as [AccountRef, AccountRef];
      const contact = (phone: string, name: string, extra: ContactExtra = {}) => createContact(tx, acme, main, phone, name, extra, history);
      const acmeContacts = {
        window_open: await contact('+15550001001', 'Wendy Open', { inboundAt: new Date(now - hour), inboundText: 'Hi, is my order on its way?' }),
        opted_out: await contact('+15550001002', 'Oscar Optout', {
          optedOutMarketing: true,
          inboundAt: new Date(now - 72 * hour),
          inboundText: 'Please stop the promos.',
        }),
        external_only: await contact('+15550001003', 'Eve External', { externalOnly: true }),
        no_window: await contact('+15550001004', 'Nora Nowindow', { inboundAt: new Date(now - 30 * hour), inboundText: 'Thanks!' }),
      };
      // The external-only contact exists because another system logged a message it had sent.
      await tx.message.create({
        data: {
          id: newId('message'),
          orgId: acme,
          contactId: acmeContacts.external_only,
          accountId: main.id,
          direction: 'outgoing',
          type: 'text',
          status: 'delivered',
          content: 'Your invoice is ready.',
          wamid: fakeWamid(),
          sentAt: new Date(now - 2 * hour),
          deliveredAt: new Date(now - 2 * hour),
          createdAt: new Date(now - 2 * hour),
        },
      });

      const globexBusiness = await createBusiness(tx, globex, 'Globex', demoWorld.globex, ['main']);
      const globexAccount = globexBusiness.accounts[0] as AccountRef;
      const globexContact = await createContact(
        tx,
        globex,
        globexAccount,
        '+15550002001',
        'Gina Globex',
        {
          inboundAt: new Date(now - 2 * hour),
          inboundText: 'Hello Globex',
        },
        history,
      );
      const globexMessage = await tx.message.findFirstOrThrow({ where: { contactId: globexContact }, select: { id: true } });
      const campaignId = newId('campaign');
      await tx.campaign.create({
        data: {
          id: campaignId,
          orgId: globex,
          accountId: globexAccount.id,
          templateId: globexBusiness.templates.welcome as string,
          name: 'Spring welcome',
        },
      });
      const webhookId = newId('webhook');
      await tx.webhook.create({
        data: {
          id: webhookId,
          orgId: globex,
          name: 'Globex CRM',
          url: 'https://hooks.globex.example/whatsapp',
          events: ['message.delivered', 'message.read'],
          secret: `whsec_${randomBytes(24).toString('base64')}`,
        },
      });

      const agent = await seedAgentDemo(tx, { acmeOrgId: acme, adminUserId: userId, whatsappAccountId: main.id });
      agentAfterCommit = agent.afterCommit;
      return {
        base_url: config.APP_URL,
        simulator_url: `http://localhost:${config.SIMULATOR_PORT}`,
        dashboard: demoLogin,
        orgs: {
          acme: {
            id: acme,
            keys: acmeKeys,
            accounts: {
              main: { id: main.id, phone_id: main.phoneId },
              support: { id: support.id, phone_id: support.phoneId },
            },
            templates: acmeBusiness.templates,
            contacts: acmeContacts,
          },
          globex: {
            id: globex,
            keys: { full: await key(globex, 'full') },
            contact_id: globexContact,
            message_id: globexMessage.id,
            campaign_id: campaignId,
            webhook_id: webhookId,
          },
          lapsed: { id: lapsed, keys: { full: await key(lapsed, 'full') } },
          noaccount: { id: noaccount, keys: { full: await key(noaccount, 'full') } },
        },
        agent: { ...agent.data, dashboard: { owner: demoLogin, member: agentMemberLogin } },
      };
    },
    { timeout: 60_000 },
  );
  const other = { ...data.agent.projects.other, session_id: await finishAgentDemo(agentAfterCommit!) };
  return { data: { ...data, agent: { ...data.agent, projects: { ...data.agent.projects, other } } }, history };
}

async function createOrg(tx: DbTx, name: string, slug: string, subscriptionStatus: SubscriptionStatus = 'active') {
  const id = newId('organization');
  await tx.organization.create({ data: { id, name, slug, subscriptionStatus } });
  return id;
}

interface KeyExtra {
  scopes?: string[];
  expiresAt?: Date;
  revokedAt?: Date;
  disabledAt?: Date;
  allowedCidrs?: string[];
  rateLimitPerMin?: number;
  legacy?: boolean;
}

async function createKey(tx: DbTx, orgId: string, name: string, extra: KeyExtra): Promise<string> {
  const { legacy, scopes, ...rest } = extra;
  const plain = legacy ? generateLegacyApiKey() : generateApiKey();
  await tx.apiKey.create({
    data: {
      id: newId('apiKey'),
      orgId,
      name,
      prefix: displayPrefix(plain),
      keyHash: hashApiKey(plain),
      format: legacy ? 'legacy' : 'v1',
      scopes: legacy ? [] : (scopes ?? [...apiScopes]),
      ...rest,
    },
  });
  return plain;
}

interface AccountRef {
  id: string;
  phoneId: string;
}

/** A portfolio with its numbers as accounts (named in order) and every template on the first. */
async function createBusiness(tx: DbTx, orgId: string, name: string, business: PlatformBusiness, accountNames: string[]) {
  const portfolioId = newId('portfolio');
  await tx.businessPortfolio.create({
    data: {
      id: portfolioId,
      orgId,
      name,
      wabaId: business.waba_id,
      messagingLimitTier: business.messaging_limit_tier,
      messagingLimit: tierLimits[business.messaging_limit_tier],
      limitsSyncedAt: new Date(),
    },
  });
  const accounts: AccountRef[] = [];
  for (const [index, phone] of business.phone_numbers.entries()) {
    const id = newId('account');
    await tx.account.create({
      data: {
        id,
        orgId,
        portfolioId,
        name: accountNames[index] ?? `number-${index + 1}`,
        phoneId: phone.id,
        displayPhoneNumber: phone.display_phone_number,
        qualityRating: phone.quality_rating,
        isDefaultOutgoing: index === 0,
      },
    });
    accounts.push({ id, phoneId: phone.id });
  }
  const templates: Record<string, string> = {};
  for (const template of business.templates) {
    const row = newTemplateRow(template, { orgId, accountId: (accounts[0] as AccountRef).id });
    await tx.template.create({ data: row });
    templates[template.name] = row.id;
  }
  return { portfolioId, accounts, templates };
}

interface ContactExtra {
  optedOutMarketing?: boolean;
  externalOnly?: boolean;
  inboundAt?: Date;
  inboundText?: string;
}

/**
 * A contact, with one inbound text at `inboundAt` when given (which sets its service window and
 * opens the conversation the reports count), added to `history` for the platform.
 */
async function createContact(
  tx: DbTx,
  orgId: string,
  account: AccountRef,
  phoneNumber: string,
  name: string,
  extra: ContactExtra,
  history: CustomerMessageFact[],
) {
  const id = newId('contact');
  const accountId = account.id;
  const { inboundAt, inboundText } = extra;
  await tx.contact.create({
    data: {
      id,
      orgId,
      accountId,
      phoneNumber,
      name,
      optedOutMarketing: extra.optedOutMarketing ?? false,
      externalOnly: extra.externalOnly ?? false,
      lastInboundAt: inboundAt,
      lastMessageAt: inboundAt,
      lastMessagePreview: inboundText,
      unread: inboundAt !== undefined,
      createdAt: inboundAt,
    },
  });
  if (inboundAt && inboundText) {
    history.push({ phone_id: account.phoneId, from: phoneNumber, inbound_at: inboundAt.toISOString() });
    await tx.message.create({
      data: {
        id: newId('message'),
        orgId,
        contactId: id,
        accountId,
        direction: 'incoming',
        type: 'text',
        status: 'delivered',
        content: inboundText,
        wamid: fakeWamid(),
        createdAt: inboundAt,
      },
    });
    await openConversationPeriod(tx, orgId, id, inboundAt);
  }
  return id;
}

function fakeWamid(): string {
  return `wamid.${randomBytes(24).toString('base64url')}`;
}
