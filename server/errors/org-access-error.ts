import { DomainError } from './domain-error';

/** The acting user is not a member of the organization (or it does not exist: callers cannot tell). */
export class OrgAccessError extends DomainError {
  override name = 'OrgAccessError';
  readonly trpcCode = 'FORBIDDEN';
}
