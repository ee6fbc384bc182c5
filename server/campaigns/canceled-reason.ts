/**
 * The `failure_reason` of a cancelled campaign: the schema has no `canceled` status, so a
 * cancelled scheduled campaign ends in the terminal `failed` state with this reason.
 */
export const CANCELED_REASON = 'canceled';
