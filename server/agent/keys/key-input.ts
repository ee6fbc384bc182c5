import { AgentError } from '@/server/errors/agent-error';
import type { AgentKeyType } from '@/server/agent/access/agent-key-format';
import type { AgentScope } from '@/server/agent/access/agent-permissions';

export interface AgentKeyInput {
  type: AgentKeyType;
  name: string;
  scopes?: AgentScope[];
  permissions?: 'all';
  allowed_origins?: string[];
  expires_at?: string | null;
}

/** What a key row stores about its reach. */
export interface AgentKeyReach {
  allScopes: boolean;
  scopes: string[];
  allowedOrigins: string[];
  expiresAt: Date | null;
}

const invalid = (param: string, detail: string) => new AgentError('validation_failed', { param, details: { detail } });

/** Exactly `scheme://host[:port]` over http or https: what a browser sends as Origin. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * The rules the body schema cannot say: secret keys take scopes or `permissions: "all"` (one of
 * them), publishable keys take neither but need allowed origins (docs/agent-api.md §1.2).
 */
export function keyReachOf(input: AgentKeyInput, now = new Date()): AgentKeyReach {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= now) throw invalid('/expires_at', 'the expiry must be in the future.');
  if (input.type === 'publishable') {
    if (input.scopes !== undefined) throw invalid('/scopes', 'publishable keys reach only browser routes and take no scopes.');
    if (input.permissions !== undefined) throw invalid('/permissions', 'publishable keys reach only browser routes and take no permissions.');
    const origins = input.allowed_origins ?? [];
    if (origins.length === 0) throw new AgentError('allowed_origins_required', { param: '/allowed_origins' });
    const bad = origins.findIndex((origin) => !isOrigin(origin));
    if (bad >= 0) throw new AgentError('allowed_origins_required', { param: `/allowed_origins/${bad}` });
    return { allScopes: false, scopes: [], allowedOrigins: [...new Set(origins)], expiresAt };
  }
  if (input.allowed_origins !== undefined) throw invalid('/allowed_origins', 'only publishable keys take allowed origins.');
  if (input.scopes !== undefined && input.permissions !== undefined)
    throw invalid('/permissions', 'give scopes or permissions: "all", not both.');
  if (input.scopes === undefined && input.permissions === undefined) throw invalid('/scopes', 'give scopes or permissions: "all".');
  return { allScopes: input.permissions === 'all', scopes: [...new Set(input.scopes ?? [])], allowedOrigins: [], expiresAt };
}
