/**
 * Renders a server's rules as one nftables rule set: the table `inet portal_filter` (IPv4 and IPv6 in one), replaced
 * as a whole when loaded (`table …` + `delete table …` + the table: `nft -f` applies the file atomically, so the
 * server is never without its rules in between). Order: established connections, then every allow rule, then every
 * deny rule (first match wins); whatever no deny rule names stays open (policy accept). One nftables rule per source
 * range, so overlapping ranges never conflict in a set. The cluster's block list comes first of all (after established
 * connections). Pure: the same rules give the same file.
 */
import { checkSources } from './addresses.ts';
import type { RuleValues } from './entities.ts';
import { checkRule } from './rules.ts';

export { rulesetFile as rulesetPath } from './program.ts';
export const tableName = 'portal_filter';

export interface RenderableRule extends RuleValues {
  id: number;
}

function lines(rule: RenderableRule): string[] {
  // The contract and the rules refused anything else; a rule that would still change the file's structure is a bug.
  if (checkRule(rule) || !/^[A-Za-z0-9ÄÖÜäöüß .,:()/@+_-]*$/.test(rule.comment)) throw new Error(`firewall rule ${rule.id}: value not allowed`);
  const sources = checkSources(rule.sources);
  const verdict = rule.action === 'allow' ? 'accept' : 'drop';
  const match = `${rule.protocol} dport ${rule.ports}`;
  const comment = `comment "rule ${rule.id}${rule.comment ? `: ${rule.comment}` : ''}"`;
  if (!('cidrs' in sources) || sources.cidrs.length === 0) return [`${match} ${verdict} ${comment}`];
  return sources.cidrs.map((c) => `${c.kind === 'ipv4' ? 'ip' : 'ip6'} saddr ${c.text} ${match} ${verdict} ${comment}`);
}

/** One entry of the cluster's block list. */
export interface RenderableBlock {
  id: number;
  address: string;
}

function blockLine(block: RenderableBlock): string {
  const sources = checkSources(block.address);
  if (!('cidrs' in sources) || sources.cidrs.length !== 1) throw new Error(`firewall block ${block.id}: value not allowed`);
  const [cidr] = sources.cidrs;
  return `${cidr.kind === 'ipv4' ? 'ip' : 'ip6'} saddr ${cidr.text} drop comment "block ${block.id}"`;
}

/** The rule set file of a server's rules, after the block list of its cluster (dropped on every port, before any rule). */
export function renderRuleset(rules: readonly RenderableRule[], blocks: readonly RenderableBlock[] = []): string {
  const ordered = [...rules].sort((a, b) => (a.action === b.action ? a.id - b.id : a.action === 'allow' ? -1 : 1));
  const body = [...[...blocks].sort((a, b) => a.id - b.id).map(blockLine), ...ordered.flatMap(lines)].map((l) => `\t\t${l}`);
  return [
    '# Managed by the customer portal (Managed Center → Firewall). Changes made here are overwritten.',
    `table inet ${tableName}`,
    `delete table inet ${tableName}`,
    `table inet ${tableName} {`,
    '\tchain input {',
    '\t\ttype filter hook input priority filter; policy accept;',
    '\t\tct state established,related accept',
    ...body,
    '\t}',
    '}',
    '',
  ].join('\n');
}
