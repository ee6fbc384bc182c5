import { config } from '@/server/config';
import { addressInCidrs, parseCidrList } from './cidr';

/**
 * The web server (server/http/serve.ts) replaces this request header with the client's
 * address, so route handlers can read an address the client cannot forge.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

const trustedProxies = parseCidrList(config.TRUSTED_PROXIES);

/**
 * The socket's address, unless the socket is a trusted proxy: then the right-most address in
 * X-Forwarded-For that is not itself a trusted proxy (entries further left are client-supplied).
 */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined): string {
  if (!forwardedFor || trustedProxies.length === 0 || !addressInCidrs(socketAddress, trustedProxies)) return socketAddress;
  const hops = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!addressInCidrs(hop, trustedProxies)) return hop;
  }
  return socketAddress;
}
