import { AgentError } from '@/server/errors/agent-error';
import { checkCustomerUrl } from '@/server/agent/http/customer-url';

/**
 * A credential's own `base_url`: a customer URL (checkCustomerUrl) without query or fragment,
 * as the SDKs append paths to it. Returns it without a trailing slash.
 */
export function checkCredentialBaseUrl(value: string): string {
  const url = new URL(checkCustomerUrl(value, '/base_url'));
  if (url.search || url.hash) throw new AgentError('url_not_allowed', { param: '/base_url' });
  return url.toString().replace(/\/$/, '');
}
