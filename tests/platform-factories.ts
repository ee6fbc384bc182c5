import { randomInt } from 'node:crypto';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { createOrg } from './factories';
import { randomPhone, simulator } from './support/stack';
import { waitFor } from './support/wait-for';

/**
 * A business portfolio with one connected number (a fresh platform phone id) for `orgId`. The
 * WABA id is the one the simulator files an unknown number under, so its webhooks about the
 * business (tier changes) reach this portfolio.
 */
export async function createConnectedAccount(orgId: string, options: { name?: string; isDefaultOutgoing?: boolean } = {}) {
  const phoneId = `9${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e5)).padStart(5, '0')}`;
  const portfolio = await db.businessPortfolio.create({
    data: {
      id: newId('portfolio'),
      orgId,
      name: 'Test business',
      wabaId: `auto-${phoneId}`,
      messagingLimit: 250,
      messagingLimitTier: 'TIER_250',
    },
  });
  return db.account.create({
    data: {
      id: newId('account'),
      orgId,
      portfolioId: portfolio.id,
      name: options.name ?? 'main',
      phoneId,
      displayPhoneNumber: `+1 555-${phoneId.slice(-7, -4)}-${phoneId.slice(-4)}`,
      qualityRating: 'GREEN',
      isDefaultOutgoing: options.isDefaultOutgoing ?? true,
    },
  });
}

/**
 * A new organization with a connected number and a customer who just wrote to it through the
 * simulator (so their window is open at the platform too); `phone` may pick a magic ending.
 */
export async function organizationWithCustomer(phone = randomPhone()) {
  const orgId = (await createOrg()).id;
  const account = await createConnectedAccount(orgId);
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: 'hello' });
  const contact = await waitFor('the customer stored', () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
  return { orgId, account, phone, contactId: contact.id };
}
