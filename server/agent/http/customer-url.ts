import { AgentError } from '@/server/errors/agent-error';
import { checkOutboundUrl } from '@/server/http/outbound-policy';

/** The ports a customer's URL may name (agent-service-errors.md, url_not_allowed). */
const allowedPorts = new Set(['', '443', '8443']);

/**
 * A URL the service will call for a customer (a provider base URL, a knowledge page, a tool,
 * a webhook endpoint): https, port 443 or 8443, and a public address by the outbound policy;
 * names are judged again on every resolved address at connect time. Else 422 `url_not_allowed`.
 */
export function checkCustomerUrl(value: string, param: string): string {
  const check = checkOutboundUrl(value);
  if (!check.ok || check.url.protocol !== 'https:' || !allowedPorts.has(check.url.port)) throw new AgentError('url_not_allowed', { param });
  return check.url.toString();
}
