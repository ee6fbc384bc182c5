import { DomainError } from './domain-error';

/** A request the organization's rules refuse: no such member, or a change that would break a rule. */
export class OrgRuleError extends DomainError {
  override name = 'OrgRuleError';

  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }

  get trpcCode() {
    return this.kind === 'not_found' ? 'NOT_FOUND' : 'CONFLICT';
  }
}
