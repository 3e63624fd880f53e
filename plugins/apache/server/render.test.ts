/** apache's renderer: the files of a state, PHP-FPM per site, HTTPS, slots, redirects, and no way to inject configuration. */
import { buildAuthentication, buildRedirect, buildVhost, testEnv, UnsafeValueError } from '@portal/plugin-sdk/webserver';
import { parseErrorLine, parseLine } from './logs.ts';
import { renderConfig, renderMain, renderVhost } from './render.ts';

describe('apache renderer', () => {
  it('renders a PHP site as a VirtualHost: aliases, document root, the PHP-FPM socket of its version, logs, slots', () => {
    const out = renderVhost(buildVhost({ phpVersion: '8.2' }), testEnv());
    expect(out).toContain('<VirtualHost 127.0.0.1:8080>\n    ServerName shop.example.com\n    ServerAlias www.shop.example.com\n    DocumentRoot "/srv/sb1/var/www/shop/public"\n');
    expect(out).toContain('        SetHandler "proxy:unix:/srv/sb1/run/php/php8.2-fpm.sock|fcgi://localhost"\n');
    expect(out).toContain('    CustomLog "/srv/sb1/var/log/apache2/shop.example.com.access.log" portal_json\n');
    expect(out).toContain('    IncludeOptional "/srv/sb1/etc/apache2/portal-slots/shop.example.com/before-locations.conf"\n');
    expect(out).toContain('    IncludeOptional "/srv/sb1/etc/apache2/portal-slots/shop.example.com/server-end.conf"\n');
    expect(out).not.toContain('SSLEngine');
  });

  it('adds an HTTPS VirtualHost only when the certificate is on the server, and listens on 443 only then', () => {
    const vhost = buildVhost({ certificate: 'mueller-schmidt-shop-2026' });
    expect(renderVhost(vhost, testEnv())).toContain('# TLS certificate mueller-schmidt-shop-2026 is not installed on this server: HTTPS is left out.');
    const tls = renderVhost(vhost, testEnv(['mueller-schmidt-shop-2026']));
    expect(tls).toContain('<VirtualHost 127.0.0.1:8443>\n    SSLEngine on\n    SSLCertificateFile "/srv/sb1/etc/apache2/portal-ssl/mueller-schmidt-shop-2026.pem"\n');
    const main = renderConfig({ vhosts: [vhost] }, testEnv(['mueller-schmidt-shop-2026']))[0].content;
    expect(main).toContain('Listen 127.0.0.1:8443 https\n');
    expect(renderMain(testEnv())).not.toContain('8443');
  });

  it('renders redirects as exact matches, authentications as Location blocks, upstreams as a proxy', () => {
    const out = renderVhost(
      buildVhost({ backend: 'upstream', upstream: '10.0.0.5:8080', phpVersion: null, redirects: [buildRedirect({ source: '/alt.html', target: 'https://shop.example.com/neu', code: 308 })], authentications: [buildAuthentication()] }),
      testEnv(),
    );
    expect(out).toContain('    RedirectMatch 308 ^/alt[.]html$ "https://shop.example.com/neu"\n');
    expect(out).toContain('    <Location "/admin/">\n        AuthType Basic\n        AuthName "Admin area"\n');
    expect(out).toContain('    ProxyPass "/" "http://10.0.0.5:8080/"\n');
    expect(renderVhost(buildVhost({ directives: [{ name: 'ExpiresDefault', value: 'access plus 7 days' }] }), testEnv())).toContain('    ExpiresDefault "access plus 7 days"\n');
  });

  describe('config injection is impossible', () => {
    const nasty = ['\n', '"', '\\', '$', '{', '}'];
    const cases: [string, (bad: string) => ReturnType<typeof buildVhost>][] = [
      ['a server name', (bad) => buildVhost({ serverNames: [`shop.example.com${bad}`] })],
      ['the document root', (bad) => buildVhost({ documentRoot: `shop${bad}` })],
      ['a directive value', (bad) => buildVhost({ directives: [{ name: 'Timeout', value: `60${bad}` }] })],
      ['a header value', (bad) => buildVhost({ directives: [{ name: 'Header', value: `X-Test a${bad}` }] })],
      ['a redirect source', (bad) => buildVhost({ redirects: [buildRedirect({ source: `/a${bad}` })] })],
      ['a redirect target', (bad) => buildVhost({ redirects: [buildRedirect({ target: `/b${bad}` })] })],
      ['a realm', (bad) => buildVhost({ authentications: [buildAuthentication({ realm: `Admin${bad}` })] })],
      ['a PHP version', (bad) => buildVhost({ phpVersion: `8.2${bad}` })],
    ];
    for (const [what, build] of cases)
      it.each(nasty)(`${what} with %j never reaches a file`, (bad) => {
        expect(() => renderVhost(build(bad), testEnv())).toThrow(UnsafeValueError);
      });
    it('a directive outside the whitelist, or a mod_headers format in a header, is never rendered', () => {
      expect(() => renderVhost(buildVhost({ directives: [{ name: 'Include', value: '/etc/passwd' }] }), testEnv())).toThrow(UnsafeValueError);
      expect(() => renderVhost(buildVhost({ directives: [{ name: 'Header', value: 'X-Leak %{HTTP_COOKIE}e' }] }), testEnv())).toThrow(UnsafeValueError);
    });
  });
});

describe('apache logs', () => {
  it('reads an error line: level, client without port, message', () => {
    const e = parseErrorLine('[Sat Nov 28 08:15:52.694608 2026] [authz_core:error] [pid 21836:tid 21843] [client 127.0.0.1:56366] AH01630: client denied by server configuration: /var/www/shop/.env', 3);
    expect(e).toMatchObject({ line: 3, level: 'error', client: '127.0.0.1', message: 'AH01630: client denied by server configuration: /var/www/shop/.env' });
    expect(e.time).toBe(new Date(2026, 10, 28, 8, 15, 52).toISOString());
  });
  it('reads an access line of the JSON format with the duration in milliseconds', () => {
    const raw = '{"time":"2026-11-28T08:15:52+0000","client":"127.0.0.1","user":"-","host":"shop.example.com","method":"GET","uri":"/a?b=1","protocol":"HTTP/1.1","status":200,"bytes":6,"referer":"-","agent":"curl/7.88.1","durationMs":12}';
    expect(parseLine('access', raw)).toMatchObject({ time: '2026-11-28T08:15:52.000Z', method: 'GET', uri: '/a?b=1', status: 200, durationMs: 12, referer: null });
  });
});
