/**
 * The contracts this service answers in. Each has its own code table built on the base table
 * below: the messaging API (/v1), the agent service (/agent/v1) and the dashboard's own JSON
 * routes (app/api/**), which answer with an HTTP status and a message, no code.
 */
export type ContractName = 'messaging' | 'agent';

/** A status every contract answers with, or one per contract where their specifications differ. */
type TransportStatus = number | Record<ContractName, number>;

/**
 * The codes of the transport itself (credentials, parsing, limits, outages) that both API
 * contracts answer with under the same name. A code both contracts use is declared here, once,
 * with its status (a test keeps the two tables to that).
 *
 * Where the statuses differ, each contract's own specification decides and neither is a slip:
 * the messaging API follows Stripe's convention (422 for a field that is present but wrong, 409
 * for an Idempotency-Key used with a different request, as a conflict with the earlier request),
 * while the agent service follows OpenAI's (400 for any malformed parameter; 422 for a reused
 * key, as a request that cannot be processed as sent). Clients of each are written against
 * their contract's status, so neither may change on the wire.
 */
export const transportCodes = {
  invalid_api_key: 401,
  insufficient_scope: 403,
  invalid_json: 400,
  unknown_field: 400,
  invalid_parameter: { messaging: 422, agent: 400 },
  request_too_large: 413,
  resource_not_found: 404,
  method_not_allowed: 405,
  idempotency_key_reused: { messaging: 409, agent: 422 },
  idempotency_in_progress: 409,
  url_not_allowed: 422,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
} as const satisfies Record<string, TransportStatus>;

export type TransportCode = keyof typeof transportCodes;

/** The status a contract answers a transport code with. */
export function transportStatus(code: TransportCode, contract: ContractName): number {
  const status: TransportStatus = transportCodes[code];
  return typeof status === 'number' ? status : status[contract];
}
