/** A request the organization's rules refuse: no such member, or a change that would break a rule. */
export class OrgRuleError extends Error {
  override name = 'OrgRuleError';

  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}
