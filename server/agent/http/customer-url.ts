import { AgentError } from '@/server/errors/agent-error';
import { checkCustomerUrlRule } from '@/server/http/outbound-policy';

/**
 * A URL the service will call for a customer (a provider base URL, a knowledge page, a tool,
 * a webhook endpoint): https, port 443 or 8443, and a public address by the outbound policy
 * (`checkCustomerUrlRule`); names are judged again on every resolved address at connect time.
 * Else 422 `url_not_allowed`.
 */
export function checkCustomerUrl(value: string, param: string): string {
  const check = checkCustomerUrlRule(value);
  if (!check.ok) throw new AgentError('url_not_allowed', { param });
  return check.url.toString();
}
