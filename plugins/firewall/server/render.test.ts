import { hasProgram, LocalGateway } from '@portal/plugin-sdk/testing';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkRuleset, rulesetFile } from './program.ts';
import { renderRuleset, type RenderableRule } from './render.ts';

const rule = (id: number, r: Partial<RenderableRule>): RenderableRule => ({ id, action: 'deny', protocol: 'tcp', ports: '80', sources: '', comment: '', ...r });

describe('firewall rule set', () => {
  const rules = [
    rule(1, { ports: '3306', comment: 'Datenbank (intern)' }),
    rule(2, { action: 'allow', ports: '3306', sources: '10.0.0.0/8, fd00::/8' }),
    rule(3, { protocol: 'udp', ports: '5000-5100', sources: '192.0.2.1' }),
  ];

  it('replaces the table as a whole, allow rules before deny rules, one line per source', () => {
    const out = renderRuleset(rules);
    expect(out.split('\n').slice(1, 4)).toEqual(['table inet portal_filter', 'delete table inet portal_filter', 'table inet portal_filter {']);
    const body = out.split('\n').filter((l) => l.includes('dport'));
    expect(body.map((l) => l.trim())).toEqual([
      'ip saddr 10.0.0.0/8 tcp dport 3306 accept comment "rule 2"',
      'ip6 saddr fd00::/8 tcp dport 3306 accept comment "rule 2"',
      'tcp dport 3306 drop comment "rule 1: Datenbank (intern)"',
      'ip saddr 192.0.2.1 udp dport 5000-5100 drop comment "rule 3"',
    ]);
    expect(renderRuleset(rules)).toBe(out);
  });

  it('drops the cluster\'s blocked addresses first, on every port, before any allow rule', () => {
    const out = renderRuleset(rules, [
      { id: 7, address: '2001:db8:bad::/48' },
      { id: 5, address: '198.51.100.0/24' },
    ]);
    const body = out.split('\n').filter((l) => l.includes('saddr') || l.includes('dport')).map((l) => l.trim());
    expect(body.slice(0, 3)).toEqual(['ip saddr 198.51.100.0/24 drop comment "block 5"', 'ip6 saddr 2001:db8:bad::/48 drop comment "block 7"', 'ip saddr 10.0.0.0/8 tcp dport 3306 accept comment "rule 2"']);
    expect(() => renderRuleset([], [{ id: 1, address: '10.0.0.1 } accept' }])).toThrow('value not allowed');
  });

  it('never writes a value that would change the structure of the file', () => {
    expect(() => renderRuleset([rule(1, { comment: 'x" accept' })])).toThrow(/value not allowed/);
    expect(() => renderRuleset([rule(1, { ports: '80 accept' })])).toThrow(/value not allowed/);
  });

  (hasProgram('nft') && hasProgram('unshare') ? it : it.skip)('the real nft -c -f accepts the rendered rule set and refuses a broken one', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'firewall-'));
    try {
      const gw = new LocalGateway({ baseDir: root, serverId: 1 });
      expect(await checkRuleset(gw, [{ path: rulesetFile, content: renderRuleset(rules) }])).toMatchObject({ status: 'passed', tool: 'nft' });
      expect(await checkRuleset(gw, [{ path: rulesetFile, content: renderRuleset([]) }])).toMatchObject({ status: 'passed' });
      const broken = await checkRuleset(gw, [{ path: rulesetFile, content: renderRuleset(rules).replace('tcp dport 3306 drop', 'tcp dport 3306 dorp') }]);
      expect(broken.status).toBe('failed');
      expect(broken.output).toContain(rulesetFile);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
