import type { MemberRole } from '@/server/db';

/** Who is calling the agent service, once their credential has been checked. */
export type AgentCaller =
  | {
      kind: 'secret_key';
      keyId: string;
      projectId: string;
      orgId: string;
      allScopes: boolean;
      scopes: string[];
      rateLimitPerMin: number;
    }
  | { kind: 'member'; userId: string; email: string; orgId: string; role: MemberRole; projectId: string | null }
  | { kind: 'anonymous' }
  | PublishableKeyCaller
  | ClientTokenCaller;

/** A browser with a publishable key, from an origin in the key's `allowed_origins` (widget routes only). */
export interface PublishableKeyCaller {
  kind: 'publishable_key';
  keyId: string;
  projectId: string;
  orgId: string;
  origin: string;
  /** The client's address (anonymous visitor caps). */
  address: string;
}

/** A browser acting as one end user with a client token; it reaches only what that end user owns. */
export interface ClientTokenCaller {
  kind: 'client_token';
  projectId: string;
  orgId: string;
  endUserId: string;
  /** The agent the token was minted for, if any. */
  agentId: string | null;
  anonymous: boolean;
  expiresAt: Date;
  address: string;
}

export type BrowserCaller = PublishableKeyCaller | ClientTokenCaller;

export type ProjectCaller = Extract<AgentCaller, { kind: 'secret_key' }> | (Extract<AgentCaller, { kind: 'member' }> & { projectId: string });
export type MemberCaller = Extract<AgentCaller, { kind: 'member' }>;

/** The end user whose items alone a caller reaches (client tokens), or undefined: the whole project. */
export const ownerOf = (caller: AgentCaller): string | undefined => (caller.kind === 'client_token' ? caller.endUserId : undefined);

/** What idempotency records and rate limits are kept per. */
export function callerBucket(caller: AgentCaller, address: string): string {
  if (caller.kind === 'secret_key') return `key:${caller.keyId}`;
  if (caller.kind === 'member') return `user:${caller.userId}`;
  if (caller.kind === 'publishable_key') return `pk:${caller.keyId}:${address}`;
  if (caller.kind === 'client_token') return `eu:${caller.endUserId}`;
  return `ip:${address}`;
}
