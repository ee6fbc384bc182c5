import { DomainError } from './domain-error';

/**
 * Why an organization rule refused a request. The agent API answers with these as its codes
 * (`last_owner`, `already_member`, …) and the dashboard shows the message, so both read the
 * refusal from this one place and cannot drift.
 */
export type OrgRuleReason = 'member_not_found' | 'last_owner' | 'already_member' | 'email_taken' | 'invitation_expired';

/** A request the organization's rules refuse: no such member, or a change that would break a rule. */
export class OrgRuleError extends DomainError {
  override name = 'OrgRuleError';

  constructor(
    readonly kind: 'not_found' | 'conflict',
    readonly reason: OrgRuleReason,
    message: string,
  ) {
    super(message);
  }

  get trpcCode() {
    return this.kind === 'not_found' ? 'NOT_FOUND' : 'CONFLICT';
  }

  override get appCode(): string {
    return this.reason;
  }
}
