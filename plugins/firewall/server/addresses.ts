/**
 * Source addresses of a rule: IPv4 and IPv6 addresses and CIDRs, parsed and normalised with `ipaddr.js`
 * (a host address is a /32 or /128; a CIDR's host bits are cleared, so `192.0.2.7/24` is `192.0.2.0/24`; an
 * IPv4-mapped IPv6 address is its IPv4 address). Containment and overlap decide the lock-out guard.
 */
import ipaddr from 'ipaddr.js';

export interface Cidr {
  kind: 'ipv4' | 'ipv6';
  address: ipaddr.IPv4 | ipaddr.IPv6;
  prefix: number;
  /** `192.0.2.0/24`, `2001:db8::/32`, `192.0.2.7` for a host. */
  text: string;
}

export const maxSources = 20;

/** The list as the user typed it, split at commas and spaces. */
export const splitSources = (sources: string): string[] => sources.split(/[\s,]+/).filter(Boolean);

/** One address or CIDR, or `undefined` when it is neither. */
export function parseCidr(value: string): Cidr | undefined {
  try {
    if (value.includes('/')) {
      if (!ipaddr.isValidCIDR(value)) return undefined;
      const [parsed, prefix] = ipaddr.parseCIDR(value);
      const address = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96 ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
      const bits = address.kind() === parsed.kind() ? prefix : prefix - 96;
      const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`);
      const full = address.kind() === 'ipv4' ? 32 : 128;
      return { kind: network.kind(), address: network, prefix: bits, text: bits === full ? network.toString() : `${network.toString()}/${bits}` };
    }
    if (!ipaddr.isValid(value) || value.includes('%')) return undefined;
    // isValid accepts shorthand IPv4 like `10.1` or `0x7f.1`; only the four-part decimal form is an address here.
    if (!value.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(value)) return undefined;
    const address = ipaddr.process(value);
    return { kind: address.kind(), address, prefix: address.kind() === 'ipv4' ? 32 : 128, text: address.toString() };
  } catch {
    return undefined;
  }
}

/** Whether `outer` contains every address of `inner`. */
export function contains(outer: Cidr, inner: Cidr): boolean {
  return outer.kind === inner.kind && outer.prefix <= inner.prefix && inner.address.match(outer.address as never, outer.prefix);
}

/** Whether two ranges share an address (CIDR blocks are nested or apart). */
export const overlaps = (a: Cidr, b: Cidr): boolean => contains(a, b) || contains(b, a);

/** The problem of a source list (`format`, `too_many`, `duplicate`), or the parsed ranges. */
export function checkSources(sources: string): { problem: 'format' | 'too_many' | 'duplicate'; value?: string } | { cidrs: Cidr[] } {
  const parts = splitSources(sources);
  if (parts.length > maxSources) return { problem: 'too_many' };
  const cidrs: Cidr[] = [];
  for (const part of parts) {
    const cidr = parseCidr(part);
    if (!cidr) return { problem: 'format', value: part };
    if (cidrs.some((c) => c.text === cidr.text)) return { problem: 'duplicate', value: part };
    cidrs.push(cidr);
  }
  return { cidrs };
}
