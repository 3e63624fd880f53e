/**
 * The block list of a cluster: addresses and CIDRs that every server of the cluster running the firewall drops
 * before its own rules (all ports, tcp and udp). Added several at a time (as typed, ≤ 20), at most
 * `maxBlocksPerCluster`; an entry that another one already covers, or that would reach the portal's management
 * sources, is refused — a block list entry comes before every allow rule, so no rule could let the portal back in.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import { checkSources, contains, overlaps, parseCidr, type Cidr } from './addresses.ts';
import type { Management } from './rules.ts';

export const maxBlocksPerCluster = 500;

const key = (k: ErrorNameOf<TranslationKey>) => `firewall:errors.${k}`;

/**
 * The entries to add (normalised), or field errors: `addresses` not addresses/CIDRs, too many at once, covered by an
 * entry that exists, or reaching the management connection; the list full; `comment` with a character the file
 * cannot carry.
 */
export function checkBlocks(
  input: { addresses: string; comment?: string },
  existing: readonly string[],
  management: Management,
): { errors: FieldErrors } | { add: Cidr[] } {
  const errors: FieldErrors = {};
  const parsed = checkSources(input.addresses);
  if (/["\\\n]/.test(input.comment ?? '')) errors.comment = [key('comment_format')];
  if ('problem' in parsed) {
    errors.addresses = [key(parsed.problem === 'format' ? 'sources_format' : parsed.problem === 'too_many' ? 'sources_too_many' : 'sources_duplicate')];
    return { errors };
  }
  if (!parsed.cidrs.length) errors.addresses = [key('blocklist_empty')];
  const known = existing.map(parseCidr).filter((c): c is Cidr => !!c);
  const managed = management.sources.map(parseCidr).filter((c): c is Cidr => !!c);
  if (parsed.cidrs.some((c) => managed.some((m) => overlaps(c, m)))) errors.addresses = [key('blocklist_lockout')];
  else if (parsed.cidrs.some((c) => known.some((k) => contains(k, c)))) errors.addresses = [key('blocklist_covered')];
  if (existing.length + parsed.cidrs.length > maxBlocksPerCluster) errors._ = [key('blocklist_full')];
  return Object.keys(errors).length ? { errors } : { add: parsed.cidrs };
}
