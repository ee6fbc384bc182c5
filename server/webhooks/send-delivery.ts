import { Webhook } from 'standardwebhooks';
import { checkCustomerUrlRule } from '@/server/http/outbound-policy';
import { OutboundBlockedError, OutboundTimeoutError } from '@/server/http/safe-fetch';
import { createOutboundAgent, safeRequest } from '@/server/http/safe-request';

export interface DeliveryRequest {
  url: string;
  /** The exact JSON sent and signed. */
  body: string;
  deliveryId: string;
  /** Null for callback_url deliveries, which are not signed. */
  secret: string | null;
  headers: Record<string, string>;
  /** An agent endpoint's: the agent service's customer URL rule (https, port 443 or 8443) is judged again before connecting. */
  customerUrl?: boolean;
  now: Date;
  timeoutMs: number;
}

export interface DeliveryResult {
  statusCode: number;
  success: boolean;
  durationMs: number;
  responseBody: string;
  error: string | null;
}

const maxResponseBytes = 4096;
// Receivers get event after event: a new connection (and TLS handshake) for each would cost more than the request.
const receiverConnections = createOutboundAgent();

/**
 * One POST per Standard Webhooks: `webhook-id` is the delivery id shared by all attempts,
 * signed by the maintained library. No redirects are followed (a 3xx is a failure), and the
 * status code is 0 whenever no answer came (refused, unresolvable, blocked, timed out).
 * Every failure has an `error` saying why.
 */
export async function sendDelivery(request: DeliveryRequest): Promise<DeliveryResult> {
  const headers: Record<string, string> = {
    ...request.headers,
    'content-type': 'application/json',
    'user-agent': 'wa-platform-webhooks/1',
    'webhook-id': request.deliveryId,
    'webhook-timestamp': String(Math.floor(request.now.getTime() / 1000)),
  };
  if (request.secret) headers['webhook-signature'] = new Webhook(request.secret).sign(request.deliveryId, request.now, request.body);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    if (request.customerUrl) {
      const rule = checkCustomerUrlRule(request.url, receiverConnections.allowlist);
      if (!rule.ok) throw new OutboundBlockedError(rule.reason);
    }
    const response = await safeRequest(request.url, {
      method: 'POST',
      body: request.body,
      headers,
      timeoutMs: request.timeoutMs,
      agent: receiverConnections,
      maxResponseBytes,
    });
    const success = response.status >= 200 && response.status < 300;
    const error = success ? null : answerError(response.status, response.headers.location);
    // PostgreSQL text cannot hold NUL characters, which a receiver may well send.
    return { statusCode: response.status, success, durationMs: elapsed(), responseBody: response.body.replaceAll('\0', ''), error };
  } catch (error) {
    return { statusCode: 0, success: false, durationMs: elapsed(), responseBody: '', error: describe(error) };
  }
}

/** Why an answer is a failure, in the delivery log and the test send's `error` alike. */
function answerError(status: number, location: string | string[] | undefined): string {
  if (status >= 300 && status < 400 && location)
    return `The receiver answered HTTP ${status}; redirects are not followed (to ${String(location)}).`;
  return `The receiver answered HTTP ${status}.`;
}

/** `CODE: message` for network errors (`ECONNREFUSED: connect ECONNREFUSED 203.0.113.7:443`). */
function describe(error: unknown): string {
  if (error instanceof OutboundBlockedError || error instanceof OutboundTimeoutError) return error.message;
  const { code, message } = error as { code?: string; message?: string };
  return code ? `${code}: ${message ?? ''}`.trim() : String(message ?? error);
}
