import { config } from '@/server/config';
import { addressInCidrs, parseAddress, parseCidrList } from './cidr';

/**
 * The web server (server/http/serve.ts) replaces this request header with the client's
 * address, so route handlers can read an address the client cannot forge.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

const trustedProxies = parseCidrList(config.TRUSTED_PROXIES);

/**
 * Socket addresses as named here, remembered: parsing one cost about 2 % of the web process's
 * CPU under load (`npm run bench:send`), and a server sees the same few addresses again and
 * again (its load balancers, or its busiest clients).
 */
const socketAddressNames = new Map<string, string>();
const REMEMBERED_ADDRESSES = 10_000;

/** `::ffff:127.0.0.1` is how a dual-stack socket shows an IPv4 client: name it as IPv4. */
function socketAddressName(raw: string): string {
  let name = socketAddressNames.get(raw);
  if (name === undefined) {
    if (socketAddressNames.size >= REMEMBERED_ADDRESSES) socketAddressNames.clear();
    name = parseAddress(raw)?.toString() ?? raw;
    socketAddressNames.set(raw, name);
  }
  return name;
}

/**
 * The socket's address, unless the socket is a trusted proxy: then the right-most address in
 * X-Forwarded-For that is not itself a trusted proxy (entries further left are client-supplied).
 */
export function clientAddress(rawSocketAddress: string, forwardedFor: string | undefined): string {
  const socketAddress = socketAddressName(rawSocketAddress);
  if (!forwardedFor || trustedProxies.length === 0 || !addressInCidrs(socketAddress, trustedProxies)) return socketAddress;
  const hops = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!addressInCidrs(hop, trustedProxies)) return hop;
  }
  return socketAddress;
}
