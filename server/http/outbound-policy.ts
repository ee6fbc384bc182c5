import type ipaddr from 'ipaddr.js';
import { config } from '@/server/config';
import { addressInCidrs, parseAddress, parseCidrList } from './cidr';

/** IPs or CIDRs that outbound requests may reach although they are not public unicast. */
export type OutboundAllowlist = ReadonlyArray<string | [ipaddr.IPv4 | ipaddr.IPv6, number]>;

export const defaultOutboundAllowlist: OutboundAllowlist = parseCidrList(config.OUTBOUND_ALLOWLIST);

export type OutboundCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Why an address may not be reached, or null when it may: only public unicast addresses
 * (IPv4-mapped IPv6 judged as the IPv4 it carries) and those in the allowlist. Whatever
 * ipaddr.js does not call `unicast` (loopback, private, link-local and metadata, CGNAT,
 * ULA, NAT64, 6to4, reserved, …) is refused.
 */
export function addressRefusal(address: string, allowlist: OutboundAllowlist = defaultOutboundAllowlist): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return `${address} is not an IP address`;
  if (addressInCidrs(address, allowlist)) return null;
  const range = parsed.range();
  return range === 'unicast' ? null : `${parsed.toString()} is not a public address (${range})`;
}

function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The validation-time check of an outbound URL. WHATWG parsing has already turned decimal,
 * octal and hex IPv4 forms into dotted quads, so literal hosts are judged as addresses.
 * Names are judged again at connect time, on every address they resolve to (`safeFetch`).
 */
export function checkOutboundUrl(input: string, allowlist: OutboundAllowlist = defaultOutboundAllowlist): OutboundCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `only http and https URLs are allowed, not ${url.protocol.replace(/:$/, '')}` };
  }
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials are not allowed' };
  if (isLocalhostName(url.hostname)) return { ok: false, reason: `${url.hostname} is a local name` };
  if (parseAddress(url.hostname)) {
    const refusal = addressRefusal(url.hostname, allowlist);
    if (refusal) return { ok: false, reason: refusal };
  }
  return { ok: true, url };
}
