/**
 * The rules beyond the contract (which checked every field's pattern and limits, `x-resources` in openapi.yaml):
 * a port range low to high, every source an IPv4/IPv6 address or CIDR (ipaddr.js), no rule twice, at most
 * `maxRulesPerServer`, and the lock-out guard: a rule set that would drop the portal's management connection
 * (`ports.management`: tcp to its port from its sources) is refused.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import { checkSources, contains, overlaps, parseCidr, type Cidr } from './addresses.ts';
import type { RuleValues } from './entities.ts';

export const maxRulesPerServer = 200;

/** An error key of the namespace; one without a message in both languages does not compile. */
const key = (k: ErrorNameOf<TranslationKey>) => `firewall:errors.${k}`;

/** The first and last port of `443` or `8000-8100`. */
export function portRange(ports: string): [number, number] {
  const [from, to = from] = ports.split('-').map(Number);
  return [from, to];
}

/** Field errors of one rule on its own, or `undefined`. */
export function checkRule(input: RuleValues): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const [from, to] = portRange(input.ports);
  if (!/^[0-9]{1,5}(-[0-9]{1,5})?$/.test(input.ports)) errors.ports = [key('ports_format')];
  else if (from < 1 || to > 65535 || from > to) errors.ports = [key('ports_range')];
  const sources = checkSources(input.sources);
  if ('problem' in sources) errors.sources = [key(sources.problem === 'format' ? 'sources_format' : sources.problem === 'too_many' ? 'sources_too_many' : 'sources_duplicate')];
  if (/["\\\n]/.test(input.comment)) errors.comment = [key('comment_format')];
  return Object.keys(errors).length ? errors : undefined;
}

/** The portal's management connection: tcp to `port` from each of `sources`. */
export interface Management {
  sources: readonly string[];
  port: number;
}

const sourcesOf = (rule: RuleValues): Cidr[] | 'any' => {
  const r = checkSources(rule.sources);
  return 'cidrs' in r && r.cidrs.length ? r.cidrs : 'any';
};

const covers = (rule: RuleValues, port: number) => {
  const [from, to] = portRange(rule.ports);
  return rule.protocol === 'tcp' && from <= port && port <= to;
};

/**
 * The management sources the rules would drop (empty: none). The rule set's order: allow rules first, then deny
 * rules, else accepted. A source range is safe when an allow rule covers it whole, dropped when a deny rule
 * reaches any of its addresses.
 */
export function lockedOut(rules: readonly RuleValues[], management: Management): string[] {
  const out: string[] = [];
  for (const text of management.sources) {
    const source = parseCidr(text);
    if (!source) continue;
    const allowed = rules.some((r) => r.action === 'allow' && covers(r, management.port) && (sourcesOf(r) === 'any' || (sourcesOf(r) as Cidr[]).some((c) => contains(c, source))));
    if (allowed) continue;
    const denied = rules.some((r) => r.action === 'deny' && covers(r, management.port) && (sourcesOf(r) === 'any' || (sourcesOf(r) as Cidr[]).some((c) => overlaps(c, source))));
    if (denied) out.push(source.text);
  }
  return out;
}

/** The same rule (what it does, not its comment). */
const same = (a: RuleValues, b: RuleValues) =>
  a.action === b.action && a.protocol === b.protocol && a.ports === b.ports && normalSources(a.sources) === normalSources(b.sources);

/** The sources as a canonical string (to compare rules). */
export function normalSources(sources: string): string {
  const r = checkSources(sources);
  return 'cidrs' in r ? r.cidrs.map((c) => c.text).sort().join(',') : sources;
}

/**
 * Field errors of a rule set after a change: `next` is the whole set as it would be, `changed` the rule created or
 * updated (undefined for a delete). Under the lock of the server's state.
 */
export function checkRuleSet(next: readonly RuleValues[], management: Management, changed?: RuleValues): FieldErrors | undefined {
  if (changed) {
    const own = checkRule(changed);
    if (own) return own;
    if (next.filter((r) => same(r, changed)).length > 1) return { _: [key('duplicate')] };
  }
  if (next.length > maxRulesPerServer) return { _: [key('too_many')] };
  if (lockedOut(next, management).length) return { _: [key('lockout')] };
  return undefined;
}

/** The values of a rule as stored (sources normalised: one canonical spelling per address). */
export function ruleValues(input: RuleValues): RuleValues {
  return { action: input.action, protocol: input.protocol, ports: input.ports.trim(), sources: normalSources(input.sources.trim()).split(',').filter(Boolean).join(', '), comment: input.comment.trim() };
}
