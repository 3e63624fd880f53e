import { checkFields } from '@portal/plugin-sdk/resources';
import { firewallRuleResource } from '../generated/resources.ts';
import type { RuleValues } from './entities.ts';
import { checkRule, checkRuleSet, lockedOut, ruleValues } from './rules.ts';

const rule = (r: Partial<RuleValues>): RuleValues => ({ action: 'deny', protocol: 'tcp', ports: '22', sources: '', comment: '', ...r });
const management = { sources: ['127.0.0.1', '::1'], port: 22 };

describe('firewall rules', () => {
  it('accepts IPv4 and IPv6 addresses and CIDRs and stores them in one spelling', () => {
    expect(checkRule(rule({ sources: '192.0.2.1, 10.0.0.0/8 2001:db8::/32,::1' }))).toBeUndefined();
    expect(ruleValues(rule({ sources: '192.0.2.9/24, 2001:DB8:0::1/32, ::ffff:10.0.0.1' })).sources).toBe('10.0.0.1, 192.0.2.0/24, 2001:db8::/32');
  });

  it('refuses what ipaddr.js does not parse as an address or CIDR, and port ranges out of order', () => {
    for (const sources of ['10.0.0.0/33', '256.1.1.1', '10.1', '::g', '1.2.3.4/']) expect(checkRule(rule({ sources }))).toEqual({ sources: ['firewall:errors.sources_format'] });
    expect(checkRule(rule({ sources: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`).join(',') }))).toEqual({ sources: ['firewall:errors.sources_too_many'] });
    expect(checkRule(rule({ ports: '0' }))).toEqual({ ports: ['firewall:errors.ports_range'] });
    expect(checkRule(rule({ ports: '9-8' }))).toEqual({ ports: ['firewall:errors.ports_range'] });
    expect(checkFields(firewallRuleResource, { ...rule({}), ports: '22;', comment: 'a"b' })).toMatchObject({ ports: 'pattern', comment: 'pattern' });
  });

  it('finds the management connection a rule set would drop: allow rules first, a deny reaching any of its addresses', () => {
    expect(lockedOut([rule({})], management)).toEqual(['127.0.0.1', '::1']);
    expect(lockedOut([rule({ ports: '1-65535' }), rule({ action: 'allow', sources: '127.0.0.0/8' })], management)).toEqual(['::1']);
    expect(lockedOut([rule({ ports: '1-65535' }), rule({ action: 'allow', sources: '127.0.0.1, ::1' })], management)).toEqual([]);
    expect(lockedOut([rule({ protocol: 'udp' }), rule({ sources: '192.0.2.0/24' }), rule({ ports: '23-80' })], management)).toEqual([]);
    expect(lockedOut([rule({ sources: '::/0' })], { sources: ['10.0.0.0/8'], port: 22 })).toEqual([]);
    expect(lockedOut([rule({ sources: '10.1.0.0/16' })], { sources: ['10.0.0.0/8'], port: 22 })).toEqual(['10.0.0.0/8']);
    expect(checkRuleSet([rule({})], management, rule({}))).toEqual({ _: ['firewall:errors.lockout'] });
    expect(checkRuleSet([rule({ ports: '80' }), rule({ ports: '80' })], management, rule({ ports: '80' }))).toEqual({ _: ['firewall:errors.duplicate'] });
  });
});
