import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Hub-Signature-256` value: HMAC-SHA256 of the exact raw body with the app secret. */
export function signPlatformPayload(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * True when the header matches the body. The body must be the bytes as received: the
 * platform signs its ASCII-escaped JSON, so a re-serialised body would not match.
 */
export function verifyPlatformSignature(rawBody: string | Buffer, headerValue: string | null | undefined, appSecret: string): boolean {
  const match = headerValue ? SIGNATURE.exec(headerValue.trim()) : null;
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
