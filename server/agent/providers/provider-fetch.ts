import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { checkOutboundUrl, defaultOutboundAllowlist, type OutboundAllowlist } from '@/server/http/outbound-policy';
import { createOutboundAgent } from '@/server/http/safe-request';
import { OutboundBlockedError } from '@/server/http/safe-fetch-errors';

/** The `fetch` the SDKs accept. */
export type SdkFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ProviderFetchOptions {
  connectTimeoutMs: number;
  /**
   * A base URL a customer typed (a credential's `base_url`): every request is checked like a
   * webhook's, and names are judged again on every address at connect time, so a provider
   * URL cannot be used to reach our private network. Configured base URLs are trusted.
   */
  untrusted: boolean;
  allowlist?: OutboundAllowlist;
}

/**
 * fetch for the SDK clients: our connect time-out on every socket and, for untrusted base URLs,
 * the SSRF-safe connector. Redirects are not followed (an SDK would follow them blindly); a
 * 3xx reaches the SDK as an error answer.
 */
export function createProviderFetch(options: ProviderFetchOptions): SdkFetch {
  const { connectTimeoutMs, untrusted, allowlist = defaultOutboundAllowlist } = options;
  const dispatcher = untrusted
    ? createOutboundAgent({ allowlist, connectTimeoutMs }).dispatcher
    : new Agent({ connect: { timeout: connectTimeoutMs } });
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (untrusted) {
      // Literal addresses never reach the connector's lookup, so they are judged here.
      const check = checkOutboundUrl(url, allowlist);
      if (!check.ok) throw new OutboundBlockedError(check.reason);
    }
    const response = await undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher, redirect: 'manual' });
    return response as unknown as Response;
  };
}
