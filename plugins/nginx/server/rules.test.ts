/** The plugin's rules: what the contract cannot know (duplicates on the server, loops, directive grammars). */
import { findLoops, resolveTarget } from '@portal/plugin-sdk/webserver/shared';
import type { VhostInput } from '@portal/plugin-sdk/webserver/shared';
import { checkAuthentication, checkRedirect, checkVhost, normalizeVhost } from './dialect.ts';
import { buildAuthentication, buildRedirect, buildVhost } from '@portal/plugin-sdk/webserver';

const input = (over: Partial<VhostInput> = {}) => normalizeVhost({ serverNames: ['new.example.com'], documentRoot: 'new/public', backend: 'static', ...over });

describe('domain rules', () => {
  const existing = [buildVhost({ id: 1, serverNames: ['shop.example.com', 'www.shop.example.com'] })];

  it('R2.030 accepts a valid domain, lowercases names, clears the fields of other backends', () => {
    const v = input({ serverNames: ['Neu.Example.COM', '*.neu.example.com'], backend: 'static', phpVersion: '8.3', upstream: '1.2.3.4:80' });
    expect(v).toMatchObject({ serverNames: ['neu.example.com', '*.neu.example.com'], phpVersion: null, upstream: null });
    expect(checkVhost(v, existing)).toEqual({});
  });

  it('R2.030 a server name another domain of the server has is refused (duplicate server name)', () => {
    expect(checkVhost(input({ serverNames: ['new.example.com', 'WWW.shop.example.com'] }), existing)).toEqual({ 'serverNames.1': ['nginx:errors.server_name_taken'] });
  });

  it('a domain keeps its own names on update; the same name twice in one list is refused', () => {
    expect(checkVhost(input({ serverNames: ['shop.example.com'] }), existing, 1)).toEqual({});
    expect(checkVhost(input({ serverNames: ['a.example.com', 'a.example.com'] }), existing)).toEqual({ 'serverNames.1': ['nginx:errors.server_name_duplicate'] });
  });

  it.each(['shop.example.com\nlisten 81', 'shop.example.com;', 'shop{}.example.com', '$host', 'shop .example.com', '*', 'a..b', '-a.example.com', 'shop_1.example.com', 'x.*.example.com'])(
    'a server name like %j is refused',
    (name) => {
      expect(checkVhost(input({ serverNames: [name] }), existing)).toEqual({ 'serverNames.0': ['nginx:errors.server_name_invalid'] });
    },
  );

  it.each(['../etc', 'shop/../../etc', './shop', 'shop/.', '/abs', 'shop//x', 'shop;x', 'shop\nx', 'a b', 'shop/$x'])('a document root like %j is refused', (root) => {
    expect(checkVhost(input({ documentRoot: root }), existing)).toEqual({ documentRoot: ['nginx:errors.document_root_invalid'] });
  });

  it('a PHP domain needs a version from the list, an upstream domain a valid host:port', () => {
    expect(checkVhost(input({ backend: 'php' }), existing)).toEqual({ phpVersion: ['nginx:errors.php_version_required'] });
    expect(checkVhost(input({ backend: 'php', phpVersion: '5.6' }), existing)).toEqual({ phpVersion: ['nginx:errors.php_version_required'] });
    expect(checkVhost(input({ backend: 'php', phpVersion: '8.2' }), existing)).toEqual({});
    expect(checkVhost(input({ backend: 'upstream' }), existing)).toEqual({ upstream: ['nginx:errors.upstream_required'] });
    for (const bad of ['app:0', 'app:70000', 'app', 'app:80;', 'app:80\nx', '-app:80', 'a..b:80', '[zz]:80'])
      expect(checkVhost(input({ backend: 'upstream', upstream: bad }), existing)).toEqual({ upstream: ['nginx:errors.upstream_invalid'] });
    for (const good of ['127.0.0.1:8080', 'app.internal:3000', '[::1]:9000']) expect(checkVhost(input({ backend: 'upstream', upstream: good }), existing)).toEqual({});
  });

  it("a certificate must be one of the server's customer's list", () => {
    const own = ['nordlicht-medien-2026'];
    expect(checkVhost(input({ certificate: 'evil' }), existing, undefined, own)).toEqual({ certificate: ['nginx:errors.certificate_unknown'] });
    expect(checkVhost(input({ certificate: 'nordlicht-medien-2026' }), existing, undefined, own)).toEqual({});
    // Another customer's certificate is refused like an unknown one (its private key must not reach this server).
    expect(checkVhost(input({ certificate: 'baeckerei-sonnenschein-2026' }), existing, undefined, own)).toEqual({ certificate: ['nginx:errors.certificate_unknown'] });
    expect(checkVhost(input({ certificate: 'nordlicht-medien-2026' }), existing)).toEqual({ certificate: ['nginx:errors.certificate_unknown'] });
  });

  it('additional directives: whitelist only, each value by its grammar, no duplicates of single directives', () => {
    const d = (name: string, value: string) => ({ name, value });
    expect(checkVhost(input({ directives: [d('client_max_body_size', '64m'), d('gzip', 'on'), d('add_header', 'X-A a'), d('add_header', 'X-B b; c')] }), existing)).toEqual({});
    expect(checkVhost(input({ directives: [d('include', '/etc/passwd')] }), existing)).toEqual({ 'directives.0.name': ['nginx:errors.directive_unknown'] });
    expect(checkVhost(input({ directives: [d('gzip', 'on'), d('gzip', 'off')] }), existing)).toEqual({ 'directives.1.name': ['nginx:errors.directive_duplicate'] });
    for (const [name, bad] of [
      ['client_max_body_size', '64m; include /etc/passwd'],
      ['client_max_body_size', '64m\nlisten 81'],
      ['gzip', 'yes'],
      ['add_header', 'X-A "a"'],
      ['add_header', 'X-A $host'],
      ['add_header', 'X-A {a}'],
      ['add_header', 'X-A a\\'],
      ['add_header', 'X-A'],
      ['add_header', 'X-A: b'],
      ['index', 'index.php;'],
      ['expires', '1 d'],
    ])
      expect(checkVhost(input({ directives: [d(name, bad)] }), existing)).toEqual({ 'directives.0.value': ['nginx:errors.directive_value_invalid'] });
  });

  it('new server names that would close a redirect loop across domains are refused', () => {
    const a = buildVhost({ id: 1, serverNames: ['a.example.com'], redirects: [buildRedirect({ id: 1, source: '/x', target: 'https://b.example.com/y' })] });
    const b = buildVhost({ id: 2, serverNames: ['c.example.com'], redirects: [buildRedirect({ id: 2, source: '/y', target: 'https://a.example.com/x' })] });
    expect(checkVhost(input({ serverNames: ['b.example.com'] }), [a, b], 2)).toEqual({ serverNames: ['nginx:errors.server_names_make_loop'] });
  });
});

describe('redirect rules', () => {
  const vhosts = [
    buildVhost({ id: 1, serverNames: ['shop.example.com', 'www.shop.example.com'], redirects: [buildRedirect({ id: 10, source: '/a', target: '/b' })] }),
    buildVhost({ id: 2, serverNames: ['*.cdn.example.com'], redirects: [] }),
  ];
  const r = (source: string, target: string, vhostId = 1, code = 301) => ({ vhostId, source, target, code });

  it('R2.030 accepts a redirect to a path or a URL with any of the four codes', () => {
    for (const code of [301, 302, 307, 308]) expect(checkRedirect(r('/new', 'https://other.example.org/x?y=1', 1, code), vhosts)).toEqual({});
    expect(checkRedirect(r('/c', '/d'), vhosts)).toEqual({});
  });

  it.each([
    ['to itself', '/loop', '/loop'],
    ['to itself with a query', '/loop', '/loop?x=1'],
    ['to itself through an absolute URL of the same domain', '/loop', 'https://www.shop.example.com/loop'],
    ['to itself through http instead of https', '/loop', 'http://shop.example.com/loop'],
    ['into a cycle /b → /a → /b', '/b', '/a'],
  ])('R2.030 a redirect loop (%s) is refused', (_what, source, target) => {
    expect(checkRedirect(r(source, target), vhosts)).toEqual({ target: ['nginx:errors.redirect_loop'] });
  });

  it('a cycle across domains (wildcard names included) is refused; the same path on another domain is no loop', () => {
    const withCdn = [vhosts[0], buildVhost({ id: 2, serverNames: ['*.cdn.example.com'], redirects: [buildRedirect({ id: 20, source: '/img', target: 'https://shop.example.com/pics' })] })];
    expect(checkRedirect(r('/pics', 'https://eu.cdn.example.com/img'), withCdn)).toEqual({ target: ['nginx:errors.redirect_loop'] });
    expect(checkRedirect(r('/img', 'https://shop.example.com/img', 2), vhosts)).toEqual({});
  });

  it('a source the domain redirects already, an unknown domain, unsafe paths and targets are refused', () => {
    expect(checkRedirect(r('/a', '/z'), vhosts)).toEqual({ source: ['nginx:errors.redirect_source_taken'] });
    expect(checkRedirect(r('/a', '/z'), vhosts, 10)).toEqual({});
    expect(checkRedirect(r('/q', '/z', 99), vhosts)).toEqual({ vhostId: ['nginx:errors.vhost_unknown'] });
    for (const bad of ['/a;b', '/a b', '/a\nb', '/a{b', '/$uri', '/a"b', '/../etc', 'relative', '/a?x=1', '/a//b'])
      expect(checkRedirect(r(bad, '/z'), vhosts).source).toEqual(['nginx:errors.path_invalid']);
    for (const bad of ['/z;', '/z\nreturn 200', 'javascript:alert(1)', '/z"', '/$host', 'https://a.example.com/{x}', 'ftp://x.example.com/', '//evil.example.com', '/z x'])
      expect(checkRedirect(r('/q', bad), vhosts).target).toEqual(['nginx:errors.redirect_target_invalid']);
  });

  it('resolves targets: same domain for paths, the domain with that name for URLs, nothing for other hosts', () => {
    expect(resolveTarget('/x?y#z', 1, vhosts)).toEqual({ vhostId: 1, path: '/x' });
    expect(resolveTarget('https://a.cdn.example.com/%C3%BCber', 1, vhosts)).toEqual({ vhostId: 2, path: '/über' });
    expect(resolveTarget('https://cdn.example.com/x', 1, vhosts)).toBeNull();
    expect(findLoops(vhosts, [{ id: 1, vhostId: 1, source: '/a', target: '/a' }])).toEqual(new Set([1]));
  });
});

describe('basic authentication rules', () => {
  const vhosts = [buildVhost({ id: 1, authentications: [buildAuthentication({ id: 7, path: '/admin/' })] })];
  const a = (over: Partial<Parameters<typeof checkAuthentication>[0]> = {}) => ({ vhostId: 1, path: '/intern/', realm: 'Intern', users: [{ name: 'bob', password: 'long enough' }], ...over });

  it('R2.030 accepts a path with users that have passwords', () => {
    expect(checkAuthentication(a(), vhosts)).toEqual({});
    expect(checkAuthentication(a({ path: '/' }), vhosts)).toEqual({});
  });

  it('refuses a protected path twice, a bad realm, duplicate and unsafe user names, a new user without password', () => {
    expect(checkAuthentication(a({ path: '/admin/' }), vhosts)).toEqual({ path: ['nginx:errors.auth_path_taken'] });
    expect(checkAuthentication(a({ path: '/admin/' }), vhosts, 7)).toEqual({});
    expect(checkAuthentication(a({ realm: 'Intern";' }), vhosts)).toEqual({ realm: ['nginx:errors.realm_invalid'] });
    expect(checkAuthentication(a({ realm: 'In\ntern' }), vhosts)).toEqual({ realm: ['nginx:errors.realm_invalid'] });
    expect(checkAuthentication(a({ users: [{ name: 'bob', password: 'long enough' }, { name: 'bob', password: 'long enough' }] }), vhosts)).toEqual({ 'users.1.name': ['nginx:errors.user_name_duplicate'] });
    expect(checkAuthentication(a({ users: [{ name: 'bob:x', password: 'long enough' }] }), vhosts)).toEqual({ 'users.0.name': ['nginx:errors.user_name_invalid'] });
    expect(checkAuthentication(a({ users: [{ name: 'bob' }] }), vhosts)).toEqual({ 'users.0.password': ['nginx:errors.password_required'] });
    expect(checkAuthentication(a({ users: [{ name: 'bob' }] }), vhosts, 7, ['bob'])).toEqual({});
    expect(checkAuthentication(a({ users: [{ name: 'bob', password: 'with\nnewline' }] }), vhosts)).toEqual({ 'users.0.password': ['nginx:errors.password_invalid'] });
  });
});
