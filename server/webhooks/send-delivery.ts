import { Webhook } from 'standardwebhooks';
import { OutboundBlockedError, OutboundTimeoutError, safeFetch } from '@/server/http/safe-fetch';

export interface DeliveryRequest {
  url: string;
  /** The exact JSON sent and signed. */
  body: string;
  deliveryId: string;
  /** Null for callback_url deliveries, which are not signed. */
  secret: string | null;
  headers: Record<string, string>;
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

/**
 * One POST per Standard Webhooks: `webhook-id` is the delivery id shared by all attempts,
 * signed by the maintained library. No redirects are followed (a 3xx is a failure), and the
 * status code is 0 whenever no answer came (refused, unresolvable, blocked, timed out).
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
    const response = await safeFetch(request.url, {
      method: 'POST', body: request.body, headers, maxRedirects: 0, timeoutMs: request.timeoutMs,
    });
    const responseBody = response.body ? await readTruncated(response.body) : '';
    const success = response.status >= 200 && response.status < 300;
    const location = response.headers.get('location');
    const error = response.status >= 300 && response.status < 400 && location ? `Redirects are not followed (to ${location}).` : null;
    return { statusCode: response.status, success, durationMs: elapsed(), responseBody, error };
  } catch (error) {
    return { statusCode: 0, success: false, durationMs: elapsed(), responseBody: '', error: describe(error) };
  }
}

function describe(error: unknown): string {
  if (error instanceof OutboundBlockedError || error instanceof OutboundTimeoutError) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}: ${cause.message ?? ''}`.trim() : (error as Error).message;
}

/** The first bytes of the answer; the rest is not downloaded. A body cut off by the timeout keeps what arrived. */
async function readTruncated(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < maxResponseBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } catch {
    // Keep what arrived.
  } finally {
    void reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxResponseBytes));
}
