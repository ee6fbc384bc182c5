import { transportStatus, type TransportCode } from '@/server/contract/transport-codes';
import { withTrpcCodes, type TRPCErrorCode } from './trpc-code';

/**
 * Every error code of the messaging API, /v1 (docs/messaging-api.md §3): its HTTP status, type, what it
 * means and whether a retry can help; `trpc`, the dashboard's code for it, follows from the
 * status unless an entry names its own. The error envelope, the `/docs/errors` page and the OpenAPI
 * document are all generated from this table. Codes are never renamed, only added.
 */
export type MessagingErrorType = 'authentication_error' | 'permission_error' | 'invalid_request_error' | 'rate_limit_error' | 'api_error';

interface ErrorCodeInfo {
  status: number;
  type: MessagingErrorType;
  meaning: string;
  retry: string;
  trpc?: TRPCErrorCode;
}

/** The status of a code the messaging API shares with the agent service (one base table of transport codes). */
const transport = (code: TransportCode) => transportStatus(code, 'messaging');

const noRetry = 'No: the same request fails the same way until the key or request changes.';

export const messagingErrorCodes = withTrpcCodes({
  missing_api_key: {
    status: 401,
    type: 'authentication_error',
    meaning: 'No API key was sent. Send `Authorization: Bearer <API_KEY>`.',
    retry: noRetry,
  },
  invalid_api_key: {
    status: transport('invalid_api_key'),
    type: 'authentication_error',
    meaning: 'The key is malformed or was never issued.',
    retry: noRetry,
  },
  api_key_expired: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The key passed its expiry date. Create a new key in the dashboard.',
    retry: noRetry,
  },
  api_key_revoked: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The key was revoked, which is permanent. Create a new key in the dashboard.',
    retry: noRetry,
  },
  api_key_disabled: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The key is switched off. An owner or admin can switch it on again in the dashboard.',
    retry: 'Only after the key is switched on again.',
  },
  legacy_api_key: {
    status: 401,
    type: 'authentication_error',
    meaning: 'An older-format key (40 hex characters, no scopes) cannot call /v1. Create a current key in the dashboard.',
    retry: noRetry,
  },
  ip_not_allowed: {
    status: 403,
    type: 'permission_error',
    meaning: 'The key may be used only from its allowed addresses; the message names the address the request came from.',
    retry: noRetry,
  },
  insufficient_scope: {
    status: transport('insufficient_scope'),
    type: 'permission_error',
    meaning: 'The key lacks the scope this endpoint requires; the message names it.',
    retry: noRetry,
  },
  subscription_inactive: {
    status: 403,
    type: 'permission_error',
    meaning: "The organization's subscription has lapsed. Every call is refused until it is renewed.",
    retry: 'Only after the subscription is renewed.',
  },
  invalid_json: {
    status: transport('invalid_json'),
    type: 'invalid_request_error',
    meaning: 'The request body is not valid JSON.',
    retry: noRetry,
  },
  unknown_field: {
    status: transport('unknown_field'),
    type: 'invalid_request_error',
    meaning: 'The body holds a field this endpoint does not accept; `param` names it.',
    retry: noRetry,
  },
  request_too_large: {
    status: transport('request_too_large'),
    type: 'invalid_request_error',
    meaning: 'The request body is larger than 1 MiB.',
    retry: noRetry,
  },
  missing_parameter: { status: 422, type: 'invalid_request_error', meaning: 'A required field is absent; `param` names it.', retry: noRetry },
  invalid_parameter: {
    status: transport('invalid_parameter'),
    type: 'invalid_request_error',
    meaning: 'A field is present but wrong (malformed id, timestamp, phone number, enum value, `limit` or `cursor`); `param` names it.',
    retry: noRetry,
  },
  resource_not_found: {
    status: transport('resource_not_found'),
    type: 'invalid_request_error',
    meaning: "No such resource in the organization (another organization's resources answer the same way), or no such endpoint.",
    retry: noRetry,
  },
  method_not_allowed: {
    status: transport('method_not_allowed'),
    type: 'invalid_request_error',
    meaning: 'The endpoint exists but does not take this HTTP method; the `Allow` header lists those it takes.',
    retry: noRetry,
  },
  template_not_approved: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'The template is not APPROVED. PENDING means wait for the platform to review it; REJECTED means fix it and resubmit.',
    retry: 'After the template is approved.',
  },
  missing_template_parameter: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'A variable the template declares was not supplied; the message names what is missing and what the template expects.',
    retry: noRetry,
  },
  account_not_found: { status: 422, type: 'invalid_request_error', meaning: '`from` names no account of the organization.', retry: noRetry },
  account_disconnected: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'The account the send would go from (`from`, or the one chosen for it) was disconnected and sends nothing.',
    retry: 'After the number is connected again, or from another account.',
  },
  no_connected_account: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'The organization has no connected account to send from.',
    retry: 'After an account is connected.',
  },
  contact_opted_out: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'The contact opted out of marketing and the template is MARKETING. Utility and authentication templates still go through.',
    retry: noRetry,
  },
  service_window_closed: {
    status: 422,
    type: 'invalid_request_error',
    meaning: "Free-form messages are allowed only within 24 hours of the customer's last message. Send an approved template instead.",
    retry: 'After the customer writes again, or send a template.',
  },
  url_not_allowed: {
    status: transport('url_not_allowed'),
    type: 'invalid_request_error',
    meaning: 'The URL points at a private, loopback, link-local or metadata address, or is not http(s).',
    retry: noRetry,
  },
  media_too_large: {
    status: 422,
    type: 'invalid_request_error',
    meaning:
      "The media behind `link` is larger than its type allows: 15 MB at most, and the platform's 5 MB for images. Upload larger files to the platform and send their `id`.",
    retry: noRetry,
  },
  contact_exists: {
    status: 409,
    type: 'invalid_request_error',
    meaning: 'A contact with that phone number exists; the message includes its id. Nothing is merged.',
    retry: noRetry,
  },
  idempotency_key_reused: {
    status: transport('idempotency_key_reused'),
    type: 'invalid_request_error',
    meaning: 'This Idempotency-Key was used with a different request. Use a new key for a new request.',
    retry: noRetry,
  },
  idempotency_in_progress: {
    status: transport('idempotency_in_progress'),
    type: 'invalid_request_error',
    meaning: 'A request with this Idempotency-Key is still running.',
    retry: 'Yes, shortly: the retry replays the first result once it is done.',
  },
  campaign_state_conflict: {
    status: 409,
    type: 'invalid_request_error',
    meaning: 'The campaign cannot do that from its current state; the message names the state.',
    retry: noRetry,
  },
  template_exists: {
    status: 409,
    type: 'invalid_request_error',
    meaning:
      'The account already has a template of that name in that language (the platform keeps a name per business account). Choose another name, or edit that template.',
    retry: noRetry,
  },
  template_refused: {
    status: 422,
    type: 'invalid_request_error',
    meaning: "The platform refused the template; the message gives the platform's reason in words. Nothing was created.",
    retry: 'After the template is changed as the message says.',
  },
  campaign_has_no_recipients: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'The campaign has no recipients to send to. Add recipients first.',
    retry: noRetry,
  },
  campaign_not_editable: {
    status: 409,
    type: 'invalid_request_error',
    meaning: 'Recipients can be added only while the campaign is draft or paused.',
    retry: 'After pausing the campaign.',
  },
  rate_limited: {
    status: transport('rate_limited'),
    type: 'rate_limit_error',
    meaning: 'Too many requests for this key in the current 60-second window. Nothing was processed.',
    retry: 'Yes, after the seconds in `Retry-After`.',
  },
  rate_limiter_unavailable: {
    status: 503,
    type: 'api_error',
    meaning: 'The rate-limit check could not run, so the request was refused rather than let through.',
    retry: 'Yes, shortly.',
  },
  upstream_failure: {
    status: 502,
    type: 'api_error',
    meaning: "The platform refused the request; the message holds the platform's explanation.",
    retry: 'Depends on the explanation; transient platform failures can be retried.',
  },
  service_unavailable: {
    status: transport('service_unavailable'),
    type: 'api_error',
    meaning: 'A dependency (database or queue) is unavailable.',
    retry: 'Yes, with backoff.',
  },
  internal_error: {
    status: transport('internal_error'),
    type: 'api_error',
    meaning: 'Something went wrong on our side.',
    retry: 'Yes, with backoff. With an Idempotency-Key a retry cannot act twice.',
  },
} as const satisfies Record<string, ErrorCodeInfo>);

export type MessagingErrorCode = keyof typeof messagingErrorCodes;

export const messagingErrorTypes: Record<MessagingErrorType, { meaning: string; retry: string }> = {
  authentication_error: { meaning: 'Key missing, malformed, unknown, expired or revoked', retry: 'No' },
  permission_error: { meaning: 'Key valid but lacks the scope, address or subscription', retry: 'No' },
  invalid_request_error: { meaning: 'Something about the request is wrong', retry: 'No' },
  rate_limit_error: { meaning: 'Too many requests', retry: 'Yes, after Retry-After' },
  api_error: { meaning: 'Service failure', retry: 'Yes' },
};
