/**
 * What the contract's limits cannot say: the allow list's addresses (IPv4/IPv6 addresses and CIDRs, parsed with
 * `ipaddr.js`, written back in their normal form), the WAF's rule ids, one jail per service and one WAF entry per host.
 */
import ipaddr from 'ipaddr.js';

export const maxAllowed = 50;
export const maxExceptions = 50;

const split = (list: string): string[] => list.split(/[\s,]+/).filter(Boolean);

/** One address or CIDR in its normal form (`192.0.2.7/24` → `192.0.2.0/24`), or `undefined` when it is neither. */
export function normalAddress(value: string): string | undefined {
  try {
    if (value.includes('/')) {
      if (!ipaddr.isValidCIDR(value)) return undefined;
      const [address, bits] = ipaddr.parseCIDR(value);
      const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(value) : ipaddr.IPv6.networkAddressFromCIDR(value);
      return `${network.toString()}/${bits}`;
    }
    // Only the four-part decimal IPv4 form (ipaddr.isValid also takes `10.1` or `0x7f.1`), no IPv6 zone.
    if (value.includes(':') ? !ipaddr.IPv6.isValid(value) || value.includes('%') : !ipaddr.IPv4.isValidFourPartDecimal(value)) return undefined;
    return ipaddr.parse(value).toString();
  } catch {
    return undefined;
  }
}

/** Whether a single address (no CIDR) is valid: a manual ban names one address. */
export const isSingleAddress = (value: string): boolean => !value.includes('/') && normalAddress(value) !== undefined;

/** The allow list's problem (`address_format`, `too_many`), or its addresses in normal form. */
export function allowList(list: string): { problem: 'address_format' | 'too_many'; value?: string } | { addresses: string[] } {
  const parts = split(list);
  if (parts.length > maxAllowed) return { problem: 'too_many' };
  const addresses: string[] = [];
  for (const part of parts) {
    const normal = normalAddress(part);
    if (!normal) return { problem: 'address_format', value: part };
    if (!addresses.includes(normal)) addresses.push(normal);
  }
  return { addresses };
}

/** Whether an address is on the allow list (a ban of it would be ignored by fail2ban). */
export function allowed(address: string, list: readonly string[]): boolean {
  const a = ipaddr.process(address);
  return list.some((entry) => {
    const [net, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), a.kind() === 'ipv4' ? 32 : 128];
    return net.kind() === a.kind() && a.match(net as never, bits);
  });
}

/**
 * WAF rule ids that may be switched off: the Core Rule Set's (900000–999999) and ModSecurity's own base rules
 * (200000–200999). Returns the problem (`rule_id`, `too_many_rules`) or the ids, sorted and without repeats.
 */
export function ruleIds(list: string): { problem: 'rule_id' | 'too_many_rules' } | { ids: number[] } {
  const parts = split(list);
  if (parts.length > maxExceptions) return { problem: 'too_many_rules' };
  const ids = new Set<number>();
  for (const part of parts) {
    const id = Number(part);
    if (!/^[0-9]{6}$/.test(part) || !((id >= 900000 && id <= 999999) || (id >= 200000 && id <= 200999))) return { problem: 'rule_id' };
    ids.add(id);
  }
  return { ids: [...ids].sort((a, b) => a - b) };
}
