/** The acting user is not a member of the organization (or it does not exist: callers cannot tell). */
export class OrgAccessError extends Error {
  override name = 'OrgAccessError';
}
