import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '@/server/config';
import { AgentError } from '@/server/errors/agent-error';

/**
 * Client tokens (docs/agent-api.md §1.2): `agct_<payload>.<signature>`, both base64url, the payload
 * the JSON `{prj, eu, agt?, anon, exp, kid}` and the signature HMAC-SHA256 over the payload's
 * text with a key derived from CLIENT_TOKEN_SECRET. `kid` names that key (a hash of it), so
 * tokens signed before the secret changed are refused as an unknown key, never checked against
 * the wrong one. Tokens are stateless: they end at `exp` (seconds since the epoch).
 */
export const CLIENT_TOKEN_PREFIX = 'agct_';

export interface ClientTokenClaims {
  /** The project. */
  prj: string;
  /** The end user (`eu_…`). */
  eu: string;
  /** The agent the token is for (`agt_…`), when its minter named one. */
  agt?: string;
  /** An anonymous widget visitor (minted by POST /v1/widget/token), not one a server vouched for. */
  anon: boolean;
  exp: number;
  kid: string;
}

const signingKey = createHmac('sha256', config.CLIENT_TOKEN_SECRET).update('agent client tokens v1').digest();
const currentKid = createHash('sha256').update(signingKey).digest('base64url').slice(0, 8);

const sign = (payload: string) => createHmac('sha256', signingKey).update(payload).digest();

export function mintClientToken(claims: Omit<ClientTokenClaims, 'kid' | 'exp'>, expiresAt: Date): string {
  const body: ClientTokenClaims = { ...claims, exp: Math.floor(expiresAt.getTime() / 1000), kid: currentKid };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${CLIENT_TOKEN_PREFIX}${payload}.${sign(payload).toString('base64url')}`;
}

export const clientTokenExpiry = (claims: Pick<ClientTokenClaims, 'exp'>) => new Date(claims.exp * 1000);

/**
 * The claims of a well-signed token, or 401 `invalid_client_token` (malformed, bad signature,
 * unknown `kid`); one past its expiry is 401 `token_expired` unless it ended less than
 * `graceS` seconds ago (a refresh takes tokens up to a day old).
 */
export function readClientToken(token: string, options: { param?: string; graceS?: number } = {}): ClientTokenClaims {
  const invalid = () => new AgentError('invalid_client_token', { param: options.param });
  const match = /^agct_([A-Za-z0-9_-]{10,2000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw invalid();
  const [, payload, signature] = match as unknown as [string, string, string];
  const expected = sign(payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let claims: ClientTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ClientTokenClaims;
  } catch {
    throw invalid();
  }
  if (claims.kid !== currentKid || typeof claims.prj !== 'string' || typeof claims.eu !== 'string' || typeof claims.exp !== 'number') {
    throw invalid();
  }
  if (claims.exp * 1000 + (options.graceS ?? 0) * 1000 <= Date.now()) throw new AgentError('token_expired', { param: options.param });
  return claims;
}
