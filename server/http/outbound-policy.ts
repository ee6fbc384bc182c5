import ipaddr from 'ipaddr.js';
import { config } from '@/server/config';
import { addressInCidrs, parseAddress, parseCidrList } from './cidr';

/** IPs or CIDRs that outbound requests may reach although they are not public unicast. */
export type OutboundAllowlist = ReadonlyArray<string | [ipaddr.IPv4 | ipaddr.IPv6, number]>;

export const defaultOutboundAllowlist: OutboundAllowlist = parseCidrList(config.OUTBOUND_ALLOWLIST);

export type OutboundCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** URLs longer than this are refused wherever one is given (webhooks, callback and media links). */
export const MAX_URL_LENGTH = 2048;

/** How refusals name an address class; anything else is named by ipaddr.js's range. */
const rangeNames: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  reserved: 'a reserved address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

const ipv4Compatible = ipaddr.parseCIDR('::/96');
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');
const sixToFour = ipaddr.parseCIDR('2002::/16');

/**
 * The IPv4 address an IPv6 one reaches by a standard embedding: IPv4-compatible (`::a.b.c.d`,
 * not `::` or `::1`), NAT64's well-known prefix (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`).
 * A request to one of these ends at that IPv4 address, so it is judged as that address.
 */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (address.match(ipv4Compatible) && address.range() === 'unicast') return new ipaddr.IPv4(bytes.slice(12));
  if (address.match(nat64)) return new ipaddr.IPv4(bytes.slice(12));
  if (address.match(sixToFour)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * The class of address that may not be reached ("a loopback address"), or null when it may:
 * only public unicast addresses and those in the allowlist. IPv4-mapped and other embedded
 * IPv4 forms are judged as the IPv4 address they carry. Whatever ipaddr.js does not call
 * `unicast` (loopback, private, link-local and metadata, CGNAT, ULA, Teredo, reserved, …) is
 * refused. The answer never holds the address itself: callers may be naming a resolved one.
 */
export function addressRefusal(address: string, allowlist: OutboundAllowlist = defaultOutboundAllowlist): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return 'something that is not an IP address';
  if (addressInCidrs(address, allowlist)) return null;
  const embedded = parsed.kind() === 'ipv6' ? embeddedIPv4(parsed as ipaddr.IPv6) : null;
  if (embedded) return addressRefusal(embedded.toString(), allowlist);
  const range = parsed.range();
  return range === 'unicast' ? null : (rangeNames[range] ?? `a special-purpose address (${range})`);
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
    if (refusal) return { ok: false, reason: `${url.hostname} is ${refusal}, not a public one` };
  }
  return { ok: true, url };
}

/** The ports a customer's URL may name (/agent/docs/errors#url_not_allowed). */
const customerUrlPorts = new Set(['', '443', '8443']);

/**
 * The agent service's stricter rule for URLs its customers give (tools, knowledge pages,
 * webhook endpoints, provider base URLs): checkOutboundUrl's, and https on port 443 or 8443.
 * Judged when a URL is saved and again before each call; names are judged at connect time.
 */
export function checkCustomerUrlRule(input: string, allowlist: OutboundAllowlist = defaultOutboundAllowlist): OutboundCheck {
  const check = checkOutboundUrl(input, allowlist);
  if (!check.ok) return check;
  if (check.url.protocol !== 'https:') return { ok: false, reason: 'only https URLs are allowed' };
  if (!customerUrlPorts.has(check.url.port)) return { ok: false, reason: `port ${check.url.port} is not allowed (443 or 8443 only)` };
  return check;
}
