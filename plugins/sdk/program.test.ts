import { globMatches, globProblem, globsOverlap, programProblems, scopeAllows, type ProgramDescriptor } from './program.ts';

describe('program paths (globs)', () => {
  it.each([
    ['/etc/nginx/portal/**', '/etc/nginx/portal/sites/shop.conf', true],
    ['/etc/nginx/conf.d/portal-*.conf', '/etc/nginx/conf.d/portal-a.conf', true],
    ['/etc/nginx/conf.d/portal-*.conf', '/etc/nginx/conf.d/sub/portal-a.conf', false],
    ['/home/*/.ssh/authorized_keys', '/home/deploy/.ssh/authorized_keys', true],
    ['/etc/bind/zones/db.?', '/etc/bind/zones/db.ab', false],
    ['/etc/cron.d/portal', '/etc/cron.d/portal2', false],
  ])('%s matches %s: %s', (glob, path, want) => expect(globMatches(glob, path)).toBe(want));

  it.each([
    ['/etc/nginx/portal/**', '/etc/nginx/portal/sites/x-*.conf', true],
    ['/etc/nginx/conf.d/portal.conf', '/etc/nginx/conf.d/portal*', true],
    ['/etc/nginx/conf.d/portal-a-*.conf', '/etc/nginx/conf.d/portal-*-b.conf', true],
    ['/etc/nginx/conf.d/portal.conf', '/etc/nginx/conf.d/portal-*.conf', false],
    ['/etc/nginx/conf.d/*.conf', '/etc/nginx/conf.d/sub/*.conf', false],
    ['/etc/**/x', '/etc/a/b/x', true],
    ['/etc/a/*', '/etc/b/*', false],
  ])('%s and %s overlap: %s', (a, b, want) => {
    expect(globsOverlap(a, b)).toBe(want);
    expect(globsOverlap(b, a)).toBe(want);
  });

  it.each(['etc/x', '/etc/../x', '/etc/[ab]', '/etc/{a,b}', '/etc/a**'])('refuses the glob %j', (g) => expect(globProblem(g)).toBeDefined());
});

describe('preserved paths (include slots)', () => {
  const program: ProgramDescriptor = { id: 'nginx', paths: ['/etc/nginx/**'], reads: ['/var/log/nginx/*'], preserved: ['/etc/nginx/portal-slots/**'] };
  const scope = { pluginId: 'nginx', programs: [program] };

  it('are readable but never written or removed, even inside the owned paths', () => {
    expect(scopeAllows(scope, '/etc/nginx/portal-slots/shop.example/server-end.conf', 'read')).toBe(true);
    expect(scopeAllows(scope, '/etc/nginx/portal-slots/shop.example/server-end.conf', 'write')).toBe(false);
    expect(scopeAllows(scope, '/etc/nginx/portal/sites/shop.example.conf', 'write')).toBe(true);
  });

  it('are checked like the other globs', () => expect(programProblems({ ...program, preserved: ['relative/**'] })).toEqual(['"relative/**" must be an absolute path']));
});
