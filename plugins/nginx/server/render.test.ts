/**
 * The renderer against expected files, and its last line of defence: nothing typed can end a
 * directive, open a block or start a variable — such a value makes it throw instead of writing.
 */
import { htpasswdFiles, htpasswdPath, quote, renderConfig, renderHtpasswd, renderMain, renderVhost, UnsafeValueError } from './render.ts';
import { buildAuthentication, buildRedirect, buildVhost, testEnv } from '@portal/plugin-sdk/webserver';

describe('nginx renderer', () => {
  it('R2.030 renders a static domain', () => {
    expect(renderVhost(buildVhost({ id: 3, serverNames: ['static.example.com'], backend: 'static', phpVersion: null, documentRoot: 'static' }), testEnv())).toBe(
      String.raw`# Managed by the customer portal (Managed Center, nginx). Changes made here are overwritten by the next apply.
# Domain 3: static.example.com
server {
    listen 127.0.0.1:8080;
    server_name static.example.com;
    root "/srv/sb1/var/www/static";
    index index.html index.htm;

    access_log "/srv/sb1/var/log/nginx/static.example.com.access.log" portal_json;
    error_log "/srv/sb1/var/log/nginx/static.example.com.error.log";

    # Include slot before-locations: your own directives in /etc/nginx/portal-slots/static.example.com/before-locations.conf (kept by every apply)
    include "/srv/sb1/etc/nginx/portal-slots/static.example.com/before-locations.con[f]";

    location ~ /\.(?!well-known/) {
        deny all;
    }

    location / {
        try_files $uri $uri/ =404;
    }

    # Include slot server-end: your own directives in /etc/nginx/portal-slots/static.example.com/server-end.conf (kept by every apply)
    include "/srv/sb1/etc/nginx/portal-slots/static.example.com/server-end.con[f]";
}
`,
    );
  });

  it('R2.030 renders a PHP domain with TLS, directives, redirects and a protected path (PHP below it stays behind the password)', () => {
    const vhost = buildVhost({
      certificate: 'mueller-schmidt-shop-2026',
      directives: [
        { name: 'client_max_body_size', value: '64m' },
        { name: 'add_header', value: "Content-Security-Policy default-src 'self'; img-src *" },
      ],
      redirects: [buildRedirect(), buildRedirect({ id: 2, source: '/sale', target: 'https://www.example.com/aktion?x=1&y=2#top', code: 308 })],
      authentications: [buildAuthentication()],
    });
    expect(renderVhost(vhost, testEnv(['mueller-schmidt-shop-2026']))).toBe(
      String.raw`# Managed by the customer portal (Managed Center, nginx). Changes made here are overwritten by the next apply.
# Domain 1: shop.example.com
server {
    listen 127.0.0.1:8080;
    listen 127.0.0.1:8443 ssl;
    server_name shop.example.com www.shop.example.com;
    root "/srv/sb1/var/www/shop/public";
    index index.php index.html index.htm;

    access_log "/srv/sb1/var/log/nginx/shop.example.com.access.log" portal_json;
    error_log "/srv/sb1/var/log/nginx/shop.example.com.error.log";

    ssl_certificate "/srv/sb1/etc/ssl/portal/mueller-schmidt-shop-2026.pem";
    ssl_certificate_key "/srv/sb1/etc/ssl/portal/mueller-schmidt-shop-2026.key";

    # Additional directives
    client_max_body_size 64m;
    add_header Content-Security-Policy "default-src 'self'; img-src *" always;

    # Include slot before-locations: your own directives in /etc/nginx/portal-slots/shop.example.com/before-locations.conf (kept by every apply)
    include "/srv/sb1/etc/nginx/portal-slots/shop.example.com/before-locations.con[f]";

    # Redirects
    location = "/old" {
        return 301 "/new";
    }
    location = "/sale" {
        return 308 "https://www.example.com/aktion?x=1&y=2#top";
    }

    # Basic authentication
    location ^~ "/admin/" {
        auth_basic "Admin area";
        auth_basic_user_file "/srv/sb1/etc/nginx/portal/htpasswd/7-fb65f0232c9a02d3";
        try_files $uri $uri/ /index.php?$query_string;

        location ~ \.php$ {
            try_files $fastcgi_script_name =404;
            fastcgi_pass "unix:/srv/sb1/run/php/php8.3-fpm.sock";
            include "/srv/sb1/etc/nginx/portal/fastcgi.conf";
        }
        location ~ /\.(?!well-known/) {
            deny all;
        }
    }

    location ~ /\.(?!well-known/) {
        deny all;
    }

    location / {
        try_files $uri $uri/ /index.php?$query_string;
    }

    location ~ \.php$ {
        try_files $fastcgi_script_name =404;
        fastcgi_pass "unix:/srv/sb1/run/php/php8.3-fpm.sock";
        include "/srv/sb1/etc/nginx/portal/fastcgi.conf";
    }

    # Include slot server-end: your own directives in /etc/nginx/portal-slots/shop.example.com/server-end.conf (kept by every apply)
    include "/srv/sb1/etc/nginx/portal-slots/shop.example.com/server-end.con[f]";
}
`,
    );
  });

  it('R2.030 renders an upstream behind a password for the whole domain; a certificate that is not installed leaves HTTPS out', () => {
    const vhost = buildVhost({
      id: 9,
      serverNames: ['*.api.example.com'],
      backend: 'upstream',
      phpVersion: null,
      upstream: '10.0.0.5:8080',
      certificate: 'nordlicht-medien-2026',
      authentications: [buildAuthentication({ path: '/', realm: 'Staging' })],
    });
    expect(renderVhost(vhost, testEnv())).toBe(
      String.raw`# Managed by the customer portal (Managed Center, nginx). Changes made here are overwritten by the next apply.
# Domain 9: *.api.example.com
server {
    listen 127.0.0.1:8080;
    server_name *.api.example.com;
    root "/srv/sb1/var/www/shop/public";

    access_log "/srv/sb1/var/log/nginx/_.api.example.com.access.log" portal_json;
    error_log "/srv/sb1/var/log/nginx/_.api.example.com.error.log";

    # TLS certificate nordlicht-medien-2026 is not installed on this server: HTTPS is left out.

    # Basic authentication for the whole domain
    auth_basic "Staging";
    auth_basic_user_file "/srv/sb1/etc/nginx/portal/htpasswd/7-fb65f0232c9a02d3";

    # Include slot before-locations: your own directives in /etc/nginx/portal-slots/_.api.example.com/before-locations.conf (kept by every apply)
    include "/srv/sb1/etc/nginx/portal-slots/_.api.example.com/before-locations.con[f]";

    location ~ /\.(?!well-known/) {
        deny all;
    }

    location / {
        proxy_pass http://10.0.0.5:8080;
        include "/srv/sb1/etc/nginx/portal/proxy.conf";
    }

    # Include slot server-end: your own directives in /etc/nginx/portal-slots/_.api.example.com/server-end.conf (kept by every apply)
    include "/srv/sb1/etc/nginx/portal-slots/_.api.example.com/server-end.con[f]";
}
`,
    );
  });

  it('renders the http level: JSON log format, a default server for unknown hosts, the sites', () => {
    expect(renderMain(testEnv())).toBe(
      String.raw`# Managed by the customer portal (Managed Center, nginx). Changes made here are overwritten by the next apply.

# One JSON object per request; the portal's log view reads it.
log_format portal_json escape=json '{"time":"$time_iso8601","client":"$remote_addr","user":"$remote_user","host":"$host","method":"$request_method","uri":"$request_uri","protocol":"$server_protocol","status":$status,"bytes":$body_bytes_sent,"referer":"$http_referer","agent":"$http_user_agent","duration":$request_time}';
server_names_hash_bucket_size 256;

# Websocket upgrades through the proxy locations: "upgrade" when the client asks for one, else a kept-alive connection.
map $http_upgrade $portal_connection_upgrade {
    default upgrade;
    '' '';
}

# Requests for a host name that no domain serves.
server {
    listen 127.0.0.1:8080 default_server;
    server_name _;
    access_log "/srv/sb1/var/log/nginx/default.access.log" portal_json;
    return 404;
}

include "/srv/sb1/etc/nginx/portal/sites/*.conf";
`,
    );
  });

  it('lists every file sorted by path; password files stay out of the versioned set', () => {
    const state = { vhosts: [buildVhost({ id: 2, serverNames: ['b.example.com'], authentications: [buildAuthentication()] }), buildVhost({ id: 1, serverNames: ['a.example.com'] })] };
    expect(renderConfig(state, testEnv()).map((f) => f.path)).toEqual([
      '/etc/nginx/conf.d/portal.conf',
      '/etc/nginx/portal/fastcgi.conf',
      '/etc/nginx/portal/proxy.conf',
      '/etc/nginx/portal/sites/a.example.com.conf',
      '/etc/nginx/portal/sites/b.example.com.conf',
    ]);
    expect(htpasswdFiles(state)).toEqual([{ path: htpasswdPath(state.vhosts[0].authentications[0]), content: renderHtpasswd(state.vhosts[0].authentications[0]), mode: 0o644 }]);
  });

  it('names password files after their content, so a changed password gets a new file and the old one still serves a rollback', () => {
    const auth = buildAuthentication();
    expect(renderHtpasswd(auth)).toBe(`alice:${auth.users[0].hash}\n`);
    expect(htpasswdPath(auth)).toMatch(/^\/etc\/nginx\/portal\/htpasswd\/7-[0-9a-f]{16}$/);
    const changed = buildAuthentication({ users: [{ name: 'alice', hash: '$6$othersalt$abc' }] });
    expect(htpasswdPath(changed)).not.toBe(htpasswdPath(auth));
    expect(htpasswdPath(buildAuthentication())).toBe(htpasswdPath(auth));
  });

  describe('config injection is impossible', () => {
    const attacks = ['a\nlisten 81', 'a { }', 'a}', '$host', 'a"b', "a\\", 'a\rb', 'a`b'];

    it.each(attacks)('quote() refuses %j', (value) => {
      expect(() => quote(value)).toThrow(UnsafeValueError);
    });

    it('quote() keeps spaces, single quotes and semicolons inside the quotes (nginx reads them as part of the string)', () => {
      expect(quote("default-src 'self'; img-src *")).toBe(`"default-src 'self'; img-src *"`);
    });

    it('a semicolon in a header value stays inside its quoted string: still one directive', () => {
      const out = renderVhost(buildVhost({ directives: [{ name: 'add_header', value: 'X-Test a; listen 81' }] }), testEnv());
      expect(out).toContain('    add_header X-Test "a; listen 81" always;\n');
      expect(out).not.toMatch(/^\s*listen 81/m);
    });

    const env = testEnv();
    const cases: [string, (bad: string) => ReturnType<typeof buildVhost>][] = [
      ['a server name', (bad) => buildVhost({ serverNames: [`shop.example.com${bad}`] })],
      ['the document root', (bad) => buildVhost({ documentRoot: `shop${bad}` })],
      ['an upstream', (bad) => buildVhost({ backend: 'upstream', upstream: `10.0.0.1:80${bad}` })],
      ['a directive value', (bad) => buildVhost({ directives: [{ name: 'client_max_body_size', value: `1m${bad}` }] })],
      ['a header value', (bad) => buildVhost({ directives: [{ name: 'add_header', value: `X-Test a${bad}` }] })],
      ['a redirect source', (bad) => buildVhost({ redirects: [buildRedirect({ source: `/a${bad}` })] })],
      ['a redirect target', (bad) => buildVhost({ redirects: [buildRedirect({ target: `/b${bad}` })] })],
      ['a protected path', (bad) => buildVhost({ authentications: [buildAuthentication({ path: `/x${bad}` })] })],
      ['a realm', (bad) => buildVhost({ authentications: [buildAuthentication({ realm: `Admin${bad}` })] })],
      ['a PHP version', (bad) => buildVhost({ phpVersion: `8.3${bad}` })],
    ];
    const nasty = ['\n', ';', '{', '}', '$', '"', '\\'];

    for (const [what, build] of cases)
      it.each(what === 'a header value' ? nasty.filter((c) => c !== ';') : nasty)(`${what} with %j never reaches a file`, (bad) => {
        expect(() => renderVhost(build(bad), env)).toThrow(UnsafeValueError);
      });

    it('a user name with a colon or a newline never reaches a password file', () => {
      expect(() => renderHtpasswd({ users: [{ name: 'a:b', hash: '$6$x$y' }] })).toThrow(UnsafeValueError);
      expect(() => renderHtpasswd({ users: [{ name: 'a\nb', hash: '$6$x$y' }] })).toThrow(UnsafeValueError);
      expect(() => renderHtpasswd({ users: [{ name: 'a', hash: '$6$x$y\nroot:x' }] })).toThrow(UnsafeValueError);
    });

    it('a directive outside the whitelist is never rendered', () => {
      expect(() => renderVhost(buildVhost({ directives: [{ name: 'include', value: '/etc/passwd' }] }), env)).toThrow(UnsafeValueError);
    });
  });
});
