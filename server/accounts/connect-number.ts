import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { config } from '@/server/config';
import { db, Prisma, type MemberRole } from '@/server/db';
import { newId } from '@/server/db/ids';
import { assertCanManageMembers } from '@/server/orgs/member-permission';
import { createPlatformClient, PlatformError } from '@/server/platform/client';
import { enqueue } from '@/server/queues';
import { healthProblemOf } from './account-health';
import { ConnectRefusal, type ConnectStep } from './connect-refusal';
import { portfolioAccessToken, storedAccessToken } from './portfolio-token';

/**
 * How the business's token arrives: typed in (manual), as Embedded Signup's one-time code, or
 * already stored by an attempt that failed at a later step (a retry after a wrong PIN).
 */
export type TokenSource = { token: string } | { code: string } | { resume: true };

export interface ConnectNumberInput {
  orgId: string;
  actorRole: MemberRole;
  wabaId: string;
  phoneNumberId: string;
  /** The number's two-step verification PIN: chosen now, or the one it already has. */
  pin: string;
  source: TokenSource;
}

const REQUIRED_SCOPES = ['whatsapp_business_management', 'whatsapp_business_messaging'];

const platform = (accessToken: string) =>
  createPlatformClient({ baseUrl: config.PLATFORM_BASE_URL, apiVersion: config.PLATFORM_API_VERSION, accessToken });

/** A platform refusal as the step's refusal, in words the connect form shows (docs/going-live.md, "Connecting a number"). */
function refusalOf(step: ConnectStep, error: unknown): never {
  if (!(error instanceof PlatformError)) throw error;
  if (error.code === 133005 || error.code === 131031) throw new ConnectRefusal(step, 'wrong_pin');
  if (error.code === 133008 || error.code === 133009) throw new ConnectRefusal(step, 'pin_locked');
  if (error.code === 133016) throw new ConnectRefusal(step, 'too_many_registrations');
  if (error.code === 100 && step === 'token') throw new ConnectRefusal(step, 'code_invalid');
  const health = healthProblemOf(error.code);
  if (health === 'token_invalid') throw new ConnectRefusal(step, error.subcode === 463 ? 'token_expired' : 'token_invalid');
  if (health === 'permission_missing') throw new ConnectRefusal(step, 'permission_missing');
  throw new ConnectRefusal(step, 'platform_error', error.message);
}

async function atStep<T>(step: ConnectStep, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    refusalOf(step, error);
  }
}

/**
 * Connects a business's number to the organization (docs/going-live.md, "Connecting a number"):
 * the token is checked (valid, both permissions, granted this business account), the number
 * must belong to that account, the token is stored sealed, the app subscribed to the account's
 * webhooks, the number registered with its PIN, then its details and templates are read. Each
 * step is safe to repeat, so a retry after a failure (a wrong PIN) resumes where it stopped:
 * the rows are written once, a subscribed app or a registered number is left as it is, and
 * connecting a number twice updates the one account. Numbers of one business account share one
 * portfolio, and so one messaging limit.
 */
export async function connectNumber(input: ConnectNumberInput): Promise<{ accountId: string; name: string }> {
  assertCanManageMembers(input.actorRole);
  const app = platform(config.PLATFORM_ACCESS_TOKEN);
  const token = await tokenOf(input, app);
  const info = await atStep('token', () => app.debugToken(token));
  if (!info.is_valid) throw new ConnectRefusal('token', info.error?.subcode === 463 ? 'token_expired' : 'token_invalid');
  if (REQUIRED_SCOPES.some((scope) => !info.scopes?.includes(scope))) throw new ConnectRefusal('token', 'permission_missing');
  const granted = info.granular_scopes?.find((grant) => grant.scope === 'whatsapp_business_management')?.target_ids;
  if (granted && !granted.includes(input.wabaId)) throw new ConnectRefusal('token', 'waba_not_granted');

  const business = platform(token);
  const numbers = await atStep('number', () => business.listPhoneNumbers(input.wabaId));
  const number = numbers.find((candidate) => candidate.id === input.phoneNumberId);
  if (!number) throw new ConnectRefusal('number', 'number_not_in_waba');

  const account = await storeConnection(input, token, number);
  await atStep('subscribe', () => business.subscribeApp(input.wabaId));
  if (number.status !== 'CONNECTED') await atStep('register', () => business.registerNumber(input.phoneNumberId, input.pin));
  await db.account.update({ where: { id: account.accountId }, data: { status: 'connected', statusReason: null, statusChangedAt: new Date() } });
  await enqueue('maintenance', 'account.sync', { accountId: account.accountId });
  await enqueue(
    'maintenance',
    'templates.sync',
    { accountId: account.accountId },
    { jobId: `templates.sync-${account.accountId}-connect-${Date.now()}` },
  );
  await notifyCallerChange(); // /v1/me lists the accounts
  return account;
}

async function tokenOf(input: ConnectNumberInput, app: ReturnType<typeof platform>): Promise<string> {
  const source = input.source;
  if ('token' in source) return source.token.trim();
  if ('code' in source) {
    return atStep('token', () => app.exchangeCode(source.code, { id: config.PLATFORM_APP_ID, secret: config.PLATFORM_APP_SECRET }));
  }
  const stored = await db.businessPortfolio.findFirst({
    where: { wabaId: input.wabaId, orgId: input.orgId },
    select: { accessTokenSealed: true, accessTokenLegacy: true },
  });
  const token = stored && (stored.accessTokenSealed !== null || stored.accessTokenLegacy !== null) ? portfolioAccessToken(stored) : null;
  if (!token) throw new ConnectRefusal('token', 'token_invalid');
  return token;
}

/**
 * The portfolio and account rows, written once: found again by the business account and number
 * ids on a retry or a reconnect (which store the new token). Until it is registered the number
 * needs attention (`not_registered`). Either id connected to another organization is refused.
 */
async function storeConnection(
  input: ConnectNumberInput,
  token: string,
  number: { id: string; display_phone_number: string; verified_name: string },
) {
  try {
    return await db.$transaction(async (tx) => {
      const elsewhere = await tx.account.findFirst({ where: { phoneId: number.id, orgId: { not: input.orgId } }, select: { id: true } });
      const portfolio = await tx.businessPortfolio.findUnique({ where: { wabaId: input.wabaId }, select: { id: true, orgId: true } });
      if (elsewhere || (portfolio && portfolio.orgId !== input.orgId)) throw new ConnectRefusal('store', 'connected_elsewhere');
      const portfolioId = portfolio?.id ?? newId('portfolio');
      await tx.businessPortfolio.upsert({
        where: { wabaId: input.wabaId },
        create: { id: portfolioId, orgId: input.orgId, name: number.verified_name, wabaId: input.wabaId, ...storedAccessToken(token) },
        update: storedAccessToken(token),
      });
      const existing = await tx.account.findUnique({ where: { phoneId: number.id }, select: { id: true, name: true, status: true } });
      if (existing) {
        const reset = existing.status === 'connected' ? {} : { status: 'needs_attention' as const, statusReason: 'not_registered' };
        await tx.account.update({ where: { id: existing.id }, data: { portfolioId, ...reset } });
        return { accountId: existing.id, name: existing.name };
      }
      const taken = new Set((await tx.account.findMany({ where: { orgId: input.orgId }, select: { name: true } })).map((a) => a.name));
      const name = accountName(number.verified_name, number.display_phone_number, taken);
      const isFirst = taken.size === 0;
      const id = newId('account');
      await tx.account.create({
        data: {
          id,
          orgId: input.orgId,
          portfolioId,
          name,
          phoneId: number.id,
          displayPhoneNumber: number.display_phone_number,
          isDefaultOutgoing: isFirst,
          status: 'needs_attention',
          statusReason: 'not_registered',
          statusChangedAt: new Date(),
        },
      });
      return { accountId: id, name };
    });
  } catch (error) {
    // Two connects of one number at once: the unique ids refuse the second, which finds the first's rows on a retry.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new ConnectRefusal('store', 'busy');
    throw error;
  }
}

/** The account's `from` name: its verified name in lowercase words, made unique in the organization with the number's last digits. */
export function accountName(verifiedName: string, displayNumber: string, taken: Set<string>): string {
  const base =
    verifiedName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'number';
  if (!taken.has(base)) return base;
  const digits = displayNumber.replace(/\D/g, '');
  for (let length = 4; length <= digits.length; length += 1) {
    const candidate = `${base}-${digits.slice(-length)}`;
    if (!taken.has(candidate)) return candidate;
  }
  return `${base}-${newId('account').slice(-6).toLowerCase()}`;
}
