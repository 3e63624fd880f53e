/**
 * The renderer (pure: settings → VCL and start command) and the compiler's messages; the rendered VCL is compiled by
 * the real `varnishd -C` (R2.033).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { hasProgram } from '@portal/plugin-sdk/testing';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { banExpression } from './admin.ts';
import { compilerMessages, dropInPath, render, renderVcl, startArgs, vclPath } from './program.ts';

const defaults = defaultsOf(config);
const real = { hostPath: (p: string) => p, prepared: undefined };
const local = { hostPath: (p: string) => `/sandbox${p}`, prepared: { local: true, port: 41001, adminPort: 41002, httpsPort: 41003, proxyPort: 41004, usableCertificates: [] } };

/** `varnishd -C -f` on a VCL: exit code and what the compiler said. */
function compile(vcl: string): { code: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'varnish-ssl-'));
  const file = path.join(dir, 'portal.vcl');
  fs.writeFileSync(file, vcl);
  try {
    execFileSync('varnishd', ['-C', '-j', 'none', '-f', file, '-n', path.join(dir, 'work')], { encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, output: '' };
  } catch (e) {
    return { code: (e as { status: number }).status, output: String((e as { stderr: string }).stderr).split(file).join(vclPath) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('varnish-ssl render (R2.033 varnish config and startparameter)', () => {
  it('renders the form into VCL: backends in turn, excluded URLs and cookies, TTL and grace, the X-Cache header', () => {
    const vcl = renderVcl({
      ...defaults,
      backends: '10.0.0.5:8080 app.internal:81',
      excludedUrls: '/admin /wp-login.php',
      excludedCookies: 'PHPSESSID wp.session_',
      defaultTtlSeconds: 3600,
      graceSeconds: 30,
    });
    expect(vcl).toMatch(/^vcl 4\.1;\n/);
    expect(vcl).toContain('backend portal_backend_1 {\n  .host = "10.0.0.5";\n  .port = "8080";\n}');
    expect(vcl).toContain('backend portal_backend_2 {\n  .host = "app.internal";\n  .port = "81";\n}');
    expect(vcl).toContain('portal_backends.add_backend(portal_backend_2);');
    expect(vcl).toContain('if (req.url ~ "^(/admin|/wp-login\\.php)") {');
    expect(vcl).toContain('if (req.http.Cookie ~ "(^|;\\s*)(PHPSESSID|wp\\.session_)[^=]*=") {');
    expect(vcl).toContain('    set beresp.ttl = 3600s;\n');
    expect(vcl).toContain('  set beresp.grace = 30s;\n');
    expect(vcl).toContain('set resp.http.X-Cache = "HIT";');
    const plain = renderVcl({ ...defaults, excludedUrls: '', excludedCookies: '', cacheHeader: false });
    expect(plain).not.toContain('req.url ~');
    expect(plain).not.toContain('X-Cache');
  });

  it('renders the start parameters into the systemd drop-in; the local instance runs its command', () => {
    const files = render({ ...defaults, memoryMb: 512, threadPools: 4, threadPoolMin: 50, threadPoolMax: 800, listenPort: 8081 }, real);
    expect(files.map((f) => f.path)).toEqual([vclPath, dropInPath]);
    const dropIn = files[1]!.content;
    expect(dropIn).toContain('[Service]\nExecStart=\nExecStart=/usr/sbin/varnishd -F -n /var/lib/varnish/portal');
    expect(dropIn).toContain(' -a :8081,HTTP -T 127.0.0.1:6082 -S /etc/varnish/secret -f /etc/varnish/portal.vcl -s malloc,512m');
    expect(dropIn).toContain(' -p thread_pools=4 -p thread_pool_min=50 -p thread_pool_max=800\n');
    const args = startArgs(render(defaults, local)[1]!.content);
    expect(args).not.toContain('-F');
    expect(args.slice(0, 8)).toEqual(['-n', '/sandbox/var/lib/varnish/portal', '-P', '/sandbox/run/varnish/varnishd.pid', '-a', '127.0.0.1:41001,HTTP', '-T', '127.0.0.1:41002']);
    expect(startArgs(null)).toEqual([]);
  });

  it('a custom VCL replaces the rendered one as it is', () => {
    expect(render(defaults, real, { customVcl: 'vcl 4.1;\n' })[0]).toEqual({ path: vclPath, content: 'vcl 4.1;\n', mode: 0o644 });
  });

  it('purges: ban expressions of one URL, a site, everything', () => {
    expect(banExpression({ scope: 'all' })).toEqual(['req.url', '~', '.']);
    expect(banExpression({ scope: 'site', host: 'shop.example' })).toEqual(['req.http.host', '==', 'shop.example']);
    expect(banExpression({ scope: 'url', host: 'shop.example', path: '/a?b=1' })).toEqual(['req.http.host', '==', 'shop.example', '&&', 'req.url', '==', '/a?b=1']);
    expect(banExpression({ scope: 'url', host: 'shop.example' })).toBeUndefined();
  });
});

describe('varnish-ssl VCL compiled by varnishd', () => {
  const run = hasProgram('varnishd') ? it : it.skip;

  run('the rendered VCL compiles, with the defaults and with every option', () => {
    expect(compile(renderVcl(defaults))).toEqual({ code: 0, output: '' });
    const all = { ...defaults, backends: '127.0.0.1:8080 127.0.0.1:8081', excludedUrls: '/a%20b /x~y/', excludedCookies: '', cacheHeader: false };
    expect(compile(renderVcl(all))).toEqual({ code: 0, output: '' });
  });

  run("a broken VCL: the compiler's messages at their lines", () => {
    const broken = compile('vcl 4.1;\nbackend default { .host = "127.0.0.1"; .port = "8080"; }\nsub vcl_recv {\n  foo;\n}\n');
    expect(broken.code).not.toBe(0);
    expect(compilerMessages(broken.output)).toEqual([
      { line: 4, column: 3, message: "Symbol not found: 'foo'" },
      { line: 4, column: 6, message: 'Symbol not found.' },
    ]);
    expect(compilerMessages('VCL compilation failed')).toEqual([{ line: 0, column: 0, message: 'VCL compilation failed' }]);
  });
});
