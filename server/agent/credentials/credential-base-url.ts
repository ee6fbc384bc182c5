import { AgentError } from '@/server/errors/agent-error';
import { checkOutboundUrl } from '@/server/http/outbound-policy';

/** The ports a customer's URL may name (agent-service-errors.md, url_not_allowed). */
const allowedPorts = new Set(['', '443', '8443']);

/**
 * A credential's own `base_url`: https, port 443 or 8443, and a public address by the
 * outbound policy (names are judged again on every resolved address at connect time).
 * Returns it without a trailing slash.
 */
export function checkCredentialBaseUrl(value: string): string {
  const check = checkOutboundUrl(value);
  if (!check.ok || check.url.protocol !== 'https:' || !allowedPorts.has(check.url.port) || check.url.search || check.url.hash) {
    throw new AgentError('url_not_allowed', { param: '/base_url' });
  }
  return check.url.toString().replace(/\/$/, '');
}
