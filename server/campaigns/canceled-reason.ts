/**
 * The `failure_reason` of a cancelled campaign: the schema has no `canceled` status, so a
 * cancelled scheduled campaign ends in the terminal `failed` state with this reason.
 */
export const CANCELED_REASON = 'canceled';

/** The `failure_reason` of a campaign whose number was disconnected while it was scheduled or running. */
export const ACCOUNT_DISCONNECTED_REASON = 'account_disconnected';
