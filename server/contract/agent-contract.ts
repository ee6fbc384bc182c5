import { jsonPointer } from '@/server/agent/http/agent-parse';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import { AgentError, agentErrorEnvelope } from '@/server/errors/agent-error';
import { OrgAccessError } from '@/server/errors/org-access-error';
import { OrgRuleError, type OrgRuleReason } from '@/server/errors/org-rule-error';
import type { HttpContract } from './http-contract';

/**
 * The organization's rules, shared with the dashboard, as this contract answers them: each
 * reason is its own code but `member_not_found`, and a role the rules refuse is
 * `permission_denied` naming the permission that manages members.
 */
const orgRuleCodes: Record<OrgRuleReason, () => AgentError> = {
  member_not_found: () => new AgentError('resource_not_found', { details: { resource: 'member' } }),
  last_owner: () => new AgentError('last_owner'),
  already_member: () => new AgentError('already_member'),
  email_taken: () => new AgentError('email_taken'),
  invitation_expired: () => new AgentError('invitation_expired'),
};
const orgAccessRefusal = () => new AgentError('permission_denied', { details: { permission: 'members:write' } });

/** Answers a retry would not change: OpenAI's SDKs (and ours) read `x-should-retry: false` and do not retry them. */
const finalCodes = new Set<AgentErrorCode>([
  'provider_refusal',
  'agent_archived',
  'agent_not_ready',
  'model_not_configured',
  'quota_exceeded',
  'cost_cap_exceeded',
]);
const finalHeaders = { 'x-should-retry': 'false' };
const noHeaders = {};

/**
 * The agent service, /agent/v1: codes in server/errors/agent-codes.ts, every message in English
 * and Arabic (Accept-Language), `{ error: { type, code, message, param?, request_id, doc_url } }`,
 * callers with a secret or publishable key, a client token or the dashboard's cookie
 * (server/agent/access/authenticate-agent-caller.ts).
 */
export const agentContract: HttpContract<AgentError> = {
  prefix: '/agent',
  own(thrown) {
    if (thrown instanceof AgentError) return thrown;
    if (thrown instanceof OrgRuleError) return orgRuleCodes[thrown.reason]();
    if (thrown instanceof OrgAccessError) return orgAccessRefusal();
    return null;
  },
  failed(failure) {
    if (failure.kind === 'unavailable') return new AgentError('service_unavailable');
    if (failure.kind === 'invalid') {
      return new AgentError('validation_failed', { param: jsonPointer(failure.issue.path) || '/', details: { detail: failure.issue.message } });
    }
    // A duplicate no domain code named has no code of its own in this contract: a fault like any other.
    return new AgentError('internal_error');
  },
  envelope: agentErrorEnvelope,
  headersFor: (error) => (finalCodes.has(error.code) ? finalHeaders : noHeaders),
};
