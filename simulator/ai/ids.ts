import { randomBytes } from 'node:crypto';

/** A provider-looking id: `call_…`, `toolu_…`, `msg_…`, `resp_…`, `req_…`. */
export function simId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('base64url')}`;
}
