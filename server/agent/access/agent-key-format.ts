import { randomBase62 } from '@/server/db/ids';

/**
 * Agent service keys: secret `agk_live_` and publishable `agpk_live_`, each with 32 base62
 * characters. Only their SHA-256 is stored (hashApiKey, shared with messaging keys).
 */
export const agentKeyPrefixes = { secret: 'agk_live_', publishable: 'agpk_live_' } as const;
export type AgentKeyType = keyof typeof agentKeyPrefixes;

export const agentKeyPattern = /^(agk_live_|agpk_live_)[0-9A-Za-z]{32}$/;

export function generateAgentKey(type: AgentKeyType): string {
  return agentKeyPrefixes[type] + randomBase62(32);
}

/** The part safe to show again. */
export const agentKeyDisplayPrefix = (key: string) => key.slice(0, key.indexOf('_live_') + 10);
