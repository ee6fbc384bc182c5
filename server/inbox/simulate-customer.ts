import { ApiError, notFound } from '@/server/errors/api-error';
import { config } from '@/server/config';
import { db } from '@/server/db';

/**
 * The "simulate a customer" panel, for development and demos against the platform simulator.
 * On by default (the test stack runs a production build against the simulator); a deployment
 * facing the real platform turns it off with SIMULATOR_PANEL=false.
 */
export const simulatorPanelEnabled = () => process.env.SIMULATOR_PANEL !== 'false';

export type SimulatedAction = { kind: 'write'; text: string } | { kind: 'tap'; messageId: string; buttonIndex: number };

async function callSimulator(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${config.PLATFORM_BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  if (!res?.ok) throw new ApiError('upstream_failure', `The simulator refused: ${res ? await res.text() : 'no answer'}.`);
}

/** Makes the conversation's customer write, or tap a quick-reply button of one of our messages. */
export async function simulateCustomer(orgId: string, contactId: string, action: SimulatedAction): Promise<void> {
  if (!simulatorPanelEnabled()) throw new ApiError('invalid_parameter', 'The customer simulator is turned off here.');
  // A simulated WhatsApp customer: a website visitor's conversation has none.
  const contact = await db.contact.findFirst({
    where: { id: contactId, orgId, channel: 'whatsapp' },
    select: { phoneNumber: true, name: true, account: { select: { phoneId: true } } },
  });
  if (!contact) throw notFound('conversation');
  if (action.kind === 'tap') {
    const message = await db.message.findFirst({ where: { id: action.messageId, orgId, contactId }, select: { wamid: true } });
    if (!message?.wamid) throw new ApiError('invalid_parameter', 'That message has not reached the platform yet.');
    return callSimulator('/_sim/tap', { wamid: message.wamid, button_index: action.buttonIndex });
  }
  const phoneId = contact.account?.phoneId ?? (await db.account.findFirst({ where: { orgId }, select: { phoneId: true } }))?.phoneId;
  if (!phoneId) throw new ApiError('no_connected_account', 'Connect a number first.');
  return callSimulator('/_sim/inbound', {
    phone_id: phoneId,
    from: contact.phoneNumber,
    text: action.text,
    ...(contact.name ? { name: contact.name } : {}),
  });
}

/** A brand-new customer writes to one of the organization's numbers (starts a conversation). */
export async function simulateNewCustomer(orgId: string, input: { accountId: string; phoneNumber: string; name?: string; text: string }) {
  if (!simulatorPanelEnabled()) throw new ApiError('invalid_parameter', 'The customer simulator is turned off here.');
  const account = await db.account.findFirst({ where: { id: input.accountId, orgId }, select: { phoneId: true } });
  if (!account) throw notFound('account');
  await callSimulator('/_sim/inbound', {
    phone_id: account.phoneId,
    from: input.phoneNumber,
    text: input.text,
    ...(input.name ? { name: input.name } : {}),
  });
}
