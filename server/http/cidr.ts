import ipaddr from 'ipaddr.js';

/** Parses an address, turning IPv4-mapped IPv6 (`::ffff:1.2.3.4`) into plain IPv4. */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    const parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
    return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  } catch {
    return null;
  }
}

/** Parses `10.0.0.0/8`, `203.0.113.7` or `2001:db8::/32`; a bare address is a /32 or /128. */
export function parseCidr(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  const trimmed = text.trim();
  try {
    if (trimmed.includes('/')) return ipaddr.parseCIDR(trimmed);
    const address = parseAddress(trimmed);
    return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : null;
  } catch {
    return null;
  }
}

export function parseCidrList(list: string): Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> {
  return list
    .split(',')
    .filter((s) => s.trim())
    .map(parseCidr)
    .filter((c) => c !== null);
}

/** Whether `address` lies in any of `cidrs` (addresses of another family never match). */
export function addressInCidrs(address: string, cidrs: ReadonlyArray<string | [ipaddr.IPv4 | ipaddr.IPv6, number]>): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return cidrs.some((entry) => {
    const range = typeof entry === 'string' ? parseCidr(entry) : entry;
    return range !== null && range[0].kind() === parsed.kind() && parsed.match(range);
  });
}
