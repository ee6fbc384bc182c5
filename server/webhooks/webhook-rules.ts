import { randomBytes } from 'node:crypto';
import { ApiError } from '@/server/errors/api-error';
import { eventNames, type EventName } from '@/server/webhook-events/catalogue';
import { checkOutboundUrl } from '@/server/http/outbound-policy';

/** Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes (192 bits). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** Refused at create/update; safeFetch judges the resolved address again at connect time. */
export function assertAllowedUrl(url: string): void {
  const check = checkOutboundUrl(url);
  if (!check.ok) throw new ApiError('url_not_allowed', `The webhook URL is not allowed: ${check.reason}.`, { param: 'url' });
}

export function assertKnownEvents(events: string[]): asserts events is EventName[] {
  if (events.length === 0) throw new ApiError('invalid_parameter', '`events` needs at least one event name.', { param: 'events' });
  const unknown = events.find((name) => !(eventNames as string[]).includes(name));
  if (unknown !== undefined) {
    throw new ApiError('invalid_parameter', `Unknown event \`${unknown}\`; see GET /v1/webhooks/events.`, { param: 'events' });
  }
}

// Headers the delivery sets itself or that describe the connection rather than the message.
const reservedHeaders = new Set([
  'host',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-authenticate',
  'expect',
  'user-agent',
]);
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/** Extra headers, lower-cased; refuses reserved names, invalid names and values with line breaks. */
export function normalizeHeaders(headers: Record<string, string>): Record<string, string> {
  const entries = Object.entries(headers);
  if (entries.length > 20) throw new ApiError('invalid_parameter', 'At most 20 extra headers.', { param: 'headers' });
  const out: Record<string, string> = {};
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    const invalid = (why: string) => new ApiError('invalid_parameter', `Header \`${rawName}\` ${why}.`, { param: 'headers' });
    if (!headerName.test(rawName)) throw invalid('is not a valid header name');
    if (reservedHeaders.has(name) || name.startsWith('webhook-') || name.startsWith('proxy-'))
      throw invalid('is set by the service and cannot be overridden');
    if (/[\r\n\0]/.test(value) || value.length > 1000) throw invalid('has an invalid value (line breaks or over 1000 characters)');
    out[name] = value;
  }
  return out;
}
