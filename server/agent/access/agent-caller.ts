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
  | { kind: 'anonymous' };

export type ProjectCaller = Extract<AgentCaller, { kind: 'secret_key' }> | (Extract<AgentCaller, { kind: 'member' }> & { projectId: string });
export type MemberCaller = Extract<AgentCaller, { kind: 'member' }>;

/** What idempotency records and rate limits are kept per. */
export function callerBucket(caller: AgentCaller, address: string): string {
  if (caller.kind === 'secret_key') return `key:${caller.keyId}`;
  if (caller.kind === 'member') return `user:${caller.userId}`;
  return `ip:${address}`;
}
