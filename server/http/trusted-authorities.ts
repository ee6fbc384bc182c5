import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { config } from '@/server/config';

/**
 * The authorities outbound requests to user-supplied URLs trust: the system's, plus
 * OUTBOUND_EXTRA_CA's when set (the development CA of the demo shop); undefined (Node's
 * default) without it. Read once; shared by safeFetch and safeRequest so both trust the same.
 */
let authorities: string[] | undefined | null = null;
export function trustedAuthorities(): string[] | undefined {
  if (authorities === null)
    authorities = config.OUTBOUND_EXTRA_CA ? [...rootCertificates, readFileSync(config.OUTBOUND_EXTRA_CA, 'utf8')] : undefined;
  return authorities;
}
