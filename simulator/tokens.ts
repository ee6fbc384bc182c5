import { randomBytes, randomInt } from 'node:crypto';
import { expiredToken, GraphError, invalidToken, permissionError, revokedToken } from './graph-error';

/**
 * Access tokens the simulated platform knows: the app's own system token (everything, forever)
 * and business tokens issued per business, each limited to the WABAs it was granted, its
 * scopes and its lifetime. Also the one-time codes Embedded Signup hands out.
 */

export const SCOPES = ['whatsapp_business_management', 'whatsapp_business_messaging'] as const;
export type Scope = (typeof SCOPES)[number];

export interface BusinessToken {
  token: string;
  /** The business integration system user the token acts as. */
  userId: string;
  /** Granted WABAs, newest first. */
  wabaIds: string[];
  scopes: Scope[];
  issuedAt: number;
  /** Unix seconds; 0 = never. */
  expiresAt: number;
  revoked: boolean;
}

export type Caller = { kind: 'app' } | { kind: 'business'; token: BusinessToken };

interface SignupCode {
  wabaId: string;
  expiresAtMs: number;
  used: boolean;
  /** Lifetime of the token it turns into, seconds; 0 = never expires. */
  tokenLifetimeS: number;
}

/** One-time codes live 30 seconds. */
export const CODE_TTL_MS = 30_000;

const nowS = () => Math.floor(Date.now() / 1000);

export class TokenStore {
  private readonly tokens = new Map<string, BusinessToken>();
  private readonly codes = new Map<string, SignupCode>();

  issue(wabaIds: string[], lifetimeS = 0, scopes: readonly Scope[] = SCOPES): BusinessToken {
    const issuedAt = nowS();
    const token: BusinessToken = {
      token: `EAA${randomBytes(48).toString('base64url')}`,
      userId: String(randomInt(100_000_000_000, 999_999_999_999)).padStart(15, '1'),
      wabaIds: [...wabaIds],
      scopes: [...scopes],
      issuedAt,
      expiresAt: lifetimeS > 0 ? issuedAt + lifetimeS : 0,
      revoked: false,
    };
    this.tokens.set(token.token, token);
    return token;
  }

  get(token: string): BusinessToken | undefined {
    return this.tokens.get(token);
  }

  list(): BusinessToken[] {
    return [...this.tokens.values()];
  }

  /** Uninstalling the app from a business revokes every token granted that WABA. */
  revokeForWaba(wabaId: string): number {
    let revoked = 0;
    for (const t of this.tokens.values()) {
      if (t.wabaIds.includes(wabaId) && !t.revoked) {
        t.revoked = true;
        revoked += 1;
      }
    }
    return revoked;
  }

  issueCode(wabaId: string, tokenLifetimeS: number): string {
    const code = `AQ${randomBytes(96).toString('base64url')}`;
    this.codes.set(code, { wabaId, expiresAtMs: Date.now() + CODE_TTL_MS, used: false, tokenLifetimeS });
    return code;
  }

  /** Exchanges a one-time code for a business token scoped to the code's WABA. */
  redeem(code: string): BusinessToken {
    const entry = this.codes.get(code);
    if (!entry) throw oauthError(100, 'Invalid verification code format.', 36008);
    if (entry.used) throw oauthError(100, 'This authorization code has been used.', 36009);
    if (entry.expiresAtMs <= Date.now()) throw oauthError(100, 'This authorization code has expired.', 36007);
    entry.used = true;
    return this.issue([entry.wabaId], entry.tokenLifetimeS);
  }
}

export const oauthError = (code: number, message: string, subcode?: number) =>
  new GraphError(code, message, undefined, 400, { bare: true, ...(subcode !== undefined ? { subcode } : {}) });

/** Which caller a presented token is; unknown, expired and revoked tokens are code 190. */
export function authenticate(store: TokenStore, appToken: string, presented: string | null): Caller {
  if (presented !== null && presented === appToken) return { kind: 'app' };
  const token = presented ? store.get(presented) : undefined;
  if (!token) throw invalidToken();
  if (token.revoked) throw revokedToken();
  if (token.expiresAt !== 0 && token.expiresAt <= nowS()) throw expiredToken(token.expiresAt);
  return { kind: 'business', token };
}

/** Business tokens reach only their WABAs (and those WABAs' numbers) with the scope the call needs. */
export function requireAccess(caller: Caller, wabaId: string | undefined, scope: Scope, objectId: string): void {
  if (caller.kind === 'app') return;
  if (!caller.token.scopes.includes(scope)) {
    throw permissionError(`The access token is missing the ${scope} permission needed for this call`);
  }
  if (wabaId === undefined || !caller.token.wabaIds.includes(wabaId)) {
    throw permissionError(`The access token has no permission for object ${objectId}`);
  }
}

export function tokenView(t: BusinessToken) {
  return {
    access_token: t.token,
    user_id: t.userId,
    waba_ids: t.wabaIds,
    scopes: t.scopes,
    issued_at: t.issuedAt,
    expires_at: t.expiresAt,
    revoked: t.revoked,
    is_valid: !t.revoked && (t.expiresAt === 0 || t.expiresAt > nowS()),
  };
}
