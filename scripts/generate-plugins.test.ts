import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPlugins, generatePlugins, header } from './generate-plugins.ts';

const realRepo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface PluginSpec {
  id?: string;
  icon?: string;
  order?: number;
  paths?: string[];
  web?: string;
  title?: boolean;
  /** Program descriptors written to `server/program.ts` (and their ids to the manifest's `programs`). */
  programs?: { id: string; paths: string[]; reads?: string[] }[];
  /** The manifest's `programs`, when it should differ from those of `server/program.ts`. */
  manifestPrograms?: string[];
}

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A throw-away repository with one plugin folder per spec. */
function makeRepo(plugins: Record<string, PluginSpec>): string {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-gen-'));
  made.push(repo);
  fs.symlinkSync(path.join(realRepo, 'node_modules'), path.join(repo, 'node_modules'));
  for (const [dir, spec] of Object.entries(plugins)) {
    const root = path.join(repo, 'plugins', dir);
    fs.mkdirSync(path.join(root, 'server'), { recursive: true });
    fs.mkdirSync(path.join(root, 'web'), { recursive: true });
    fs.mkdirSync(path.join(root, 'i18n'), { recursive: true });
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: `@portal/plugin-${dir}` }));
    fs.writeFileSync(path.join(root, 'server/index.ts'), 'export default {};\n');
    fs.writeFileSync(path.join(root, 'web/index.tsx'), 'export default {};\n');
    if (spec.programs) fs.writeFileSync(path.join(root, 'server/program.ts'), `export default ${JSON.stringify(spec.programs)};\n`);
    const programs = spec.manifestPrograms ?? spec.programs?.map((p) => p.id);
    for (const lang of ['de', 'en']) fs.writeFileSync(path.join(root, `i18n/${lang}.json`), JSON.stringify(spec.title === false ? {} : { title: `${dir} ${lang}` }));
    fs.writeFileSync(
      path.join(root, 'plugin.ts'),
      `export default {
  id: ${JSON.stringify(spec.id ?? dir)},
  titleKey: 'title',
  icon: ${JSON.stringify(spec.icon ?? 'Dns')},
  nav: { order: ${spec.order ?? 10} },
  services: ['${dir}'],${programs ? `\n  programs: ${JSON.stringify(programs)},` : ''}
  server: () => import('./server/index.ts'),
  web: () => import(${JSON.stringify(spec.web ?? './web/index.tsx')}),
};
`,
    );
    const paths = spec.paths ?? [`/api/v1/clusters/{clusterId}/servers/{serverId}/${dir}/things`];
    fs.writeFileSync(
      path.join(root, 'openapi.yaml'),
      `paths:\n${paths.map((p, i) => `  ${p}:\n    get:\n      operationId: list${dir}Things${i}\n`).join('')}`,
    );
  }
  return repo;
}

describe('plugin registry generator', () => {
  it('writes the BFF and frontend registries and each plugin\'s operation union, ordered by navigation order', async () => {
    const repo = makeRepo({ zeta: { order: 5, icon: 'Schedule' }, alpha: { order: 20 } });
    expect(await generatePlugins(repo)).toEqual([
      'bff/src/generated/plugins.ts',
      'frontend/src/generated/plugins.ts',
      'plugins/zeta/generated/operations.ts',
      'plugins/zeta/generated/client.ts',
      'plugins/zeta/generated/i18n.ts',
      'plugins/alpha/generated/operations.ts',
      'plugins/alpha/generated/client.ts',
      'plugins/alpha/generated/i18n.ts',
    ]);
    const bff = fs.readFileSync(path.join(repo, 'bff/src/generated/plugins.ts'), 'utf8');
    expect(bff.startsWith(header)).toBe(true);
    expect(bff.indexOf("id: 'zeta'")).toBeLessThan(bff.indexOf("id: 'alpha'"));
    expect(bff).toContain("operations: ['listalphaThings0'],");
    expect(bff).toContain("server: () => import('../../../plugins/alpha/server/index.ts'),");
    expect(bff).not.toContain('web/index.tsx');
    const web = fs.readFileSync(path.join(repo, 'frontend/src/generated/plugins.ts'), 'utf8');
    expect(web).toContain("import ScheduleIcon from '@mui/icons-material/Schedule';");
    expect(web).toContain("web: () => import('../../../plugins/alpha/web/index.tsx')");
    expect(web).toContain("titles: { de: 'alpha de', en: 'alpha en' }");
    expect(fs.readFileSync(path.join(repo, 'plugins/alpha/generated/operations.ts'), 'utf8')).toContain("export type Operations = 'listalphaThings0';");
  });

  it('writes a typed web client of the plugin\'s operations (no URL in plugin code), its translation keys, and registers web/dashboard.tsx as its own entry', async () => {
    const repo = makeRepo({ alpha: { paths: ['/api/v1/clusters/{clusterId}/servers/{serverId}/alpha/things/{thingId}'] } });
    fs.writeFileSync(
      path.join(repo, 'plugins/alpha/openapi.yaml'),
      `paths:
  /api/v1/clusters/{clusterId}/servers/{serverId}/alpha/things:
    get: { operationId: listAlphaThings, responses: { '200': { description: ok } } }
    post: { operationId: createAlphaThing, responses: { '202': { description: started } } }
  /api/v1/clusters/{clusterId}/servers/{serverId}/alpha/things/{thingId}:
    delete: { operationId: deleteAlphaThing, responses: { '204': { description: gone } } }
  /api/v1/clusters/{clusterId}/servers/{serverId}/alpha/check:
    post: { operationId: checkAlphaThing, responses: { '200': { description: checked } } }
  /api/v1/clusters/{clusterId}/servers/{serverId}/alpha/apply:
    post: { operationId: applyAlpha, responses: { '202': { description: started } } }
`,
    );
    fs.writeFileSync(path.join(repo, 'plugins/alpha/i18n/de.json'), JSON.stringify({ title: 'A', list: { count_one: 'x', count_other: 'y' } }));
    fs.writeFileSync(path.join(repo, 'plugins/alpha/i18n/en.json'), JSON.stringify({ title: 'A', list: { count_one: 'x', count_other: 'y' } }));
    fs.writeFileSync(path.join(repo, 'plugins/alpha/web/dashboard.tsx'), 'export default () => null;\n');
    await generatePlugins(repo);
    const client = fs.readFileSync(path.join(repo, 'plugins/alpha/generated/client.ts'), 'utf8');
    expect(client).toContain("listAlphaThings: b.query<ResultOf<'listAlphaThings'>, ArgsOf<'listAlphaThings'>>({");
    expect(client).toContain("query: (a) => toRequest('DELETE', 'api/v1/clusters/{clusterId}/servers/{serverId}/alpha/things/{thingId}', a),");
    // reads provide the plugin's tag; writes make it stale; a check (POST answering 200) does not
    expect(client.split("invalidatesTags: ['alpha']").length - 1).toBe(3);
    expect(client).toMatch(/checkAlphaThing: b\.mutation[^\n]*\n[^\n]*toRequest\('POST'[^\n]*\n {4}\}\),/);
    expect(client).toContain('apply: (dispatch, args) => dispatch(alphaApi.endpoints.applyAlpha.initiate(args)),');
    const keys = fs.readFileSync(path.join(repo, 'plugins/alpha/generated/i18n.ts'), 'utf8');
    expect(keys).toContain("| 'list.count'");
    expect(keys).not.toContain('count_one');
    const web = fs.readFileSync(path.join(repo, 'frontend/src/generated/plugins.ts'), 'utf8');
    expect(web).toContain("dashboard: () => import('../../../plugins/alpha/web/dashboard.tsx'),");
  });

  it('--check reports drift without writing, and nothing once generated', async () => {
    const repo = makeRepo({ alpha: {} });
    expect(await generatePlugins(repo, { check: true })).toHaveLength(5);
    expect(fs.existsSync(path.join(repo, 'bff/src/generated/plugins.ts'))).toBe(false);
    await generatePlugins(repo);
    expect(await generatePlugins(repo, { check: true })).toEqual([]);
    fs.appendFileSync(path.join(repo, 'bff/src/generated/plugins.ts'), '// edited by hand\n');
    expect(await generatePlugins(repo, { check: true })).toEqual(['bff/src/generated/plugins.ts']);
  });

  it.each([
    ['an id that differs from the folder', { id: 'other' }, /must equal the folder name/],
    ['a reserved id', { id: 'managed' }, /not a valid plugin id/],
    ['an unknown icon', { icon: 'NoSuchIconAnywhere' }, /has no icon/],
    ['a path outside its own prefix', { paths: ['/api/v1/clusters/{clusterId}/servers/{serverId}/nginx/x'] }, /is not under/],
    ['a web module that does not exist', { web: './web/missing.tsx' }, /does not exist/],
    ['a title missing from its translations', { title: false }, /no string at "title"/],
  ] as [string, PluginSpec, RegExp][])('refuses a plugin with %s', async (_what, spec, message) => {
    const dir = spec.id === 'managed' ? 'managed' : 'alpha';
    await expect(discoverPlugins(makeRepo({ [dir]: spec }))).rejects.toThrow(message);
  });

  it('refuses two plugins with the same operationId', async () => {
    const repo = makeRepo({ alpha: {}, beta: {} });
    fs.writeFileSync(path.join(repo, 'plugins/beta/openapi.yaml'), 'paths:\n  /api/v1/clusters/{clusterId}/servers/{serverId}/beta:\n    get:\n      operationId: listalphaThings0\n');
    await expect(discoverPlugins(repo)).rejects.toThrow(/also used by plugin alpha/);
  });

  it('refuses two plugins whose programs own the same path (overlapping globs); reads may overlap, and so may the globs of one plugin', async () => {
    const nginx = { id: 'nginx', paths: ['/etc/nginx/conf.d/portal.conf', '/etc/nginx/portal/**'], reads: ['/var/log/nginx/*'] };
    await expect(discoverPlugins(makeRepo({ alpha: { programs: [nginx] }, beta: { programs: [{ id: 'nginx', paths: ['/etc/nginx/portal/sites/beta-*.conf'] }] } }))).rejects.toThrow(
      'plugins/beta: its path /etc/nginx/portal/sites/beta-*.conf overlaps /etc/nginx/portal/** of plugin alpha: two plugins cannot own the same file',
    );
    await expect(discoverPlugins(makeRepo({ alpha: { programs: [nginx] }, beta: { programs: [{ id: 'nginx', paths: ['/etc/nginx/conf.d/portal*'] }] } }))).rejects.toThrow(/overlaps \/etc\/nginx\/conf\.d\/portal\.conf of plugin alpha/);
    // Snippets of one nginx side by side, the same log directory read by both, and one plugin's own nested globs.
    const ok = await discoverPlugins(
      makeRepo({
        alpha: { programs: [{ ...nginx, paths: [...nginx.paths, '/etc/nginx/portal/sites/*.conf'] }] },
        beta: { programs: [{ id: 'nginx', paths: ['/etc/nginx/conf.d/portal-beta-*.conf'], reads: ['/var/log/nginx/*'] }] },
      }),
    );
    expect(ok.map((p) => [p.id, p.programs])).toEqual([['alpha', ['nginx']], ['beta', ['nginx']]]);
  });

  it.each([
    ['manifest programs that differ from server/program.ts', { programs: [{ id: 'nginx', paths: ['/etc/x'] }], manifestPrograms: ['apache'] }, /must be the programs of server\/program\.ts \(nginx\)/],
    ['a relative path', { programs: [{ id: 'nginx', paths: ['etc/x'] }] }, /"etc\/x" must be an absolute path/],
    ['a character class', { programs: [{ id: 'nginx', paths: ['/etc/[ab]'] }] }, /may use only \*, \*\* and \? as wildcards/],
    ['a bad program id', { programs: [{ id: 'Nginx!', paths: [] }], manifestPrograms: ['nginx'] }, /is not a program id/],
  ] as [string, PluginSpec, RegExp][])('refuses %s', async (_what, spec, message) => {
    await expect(discoverPlugins(makeRepo({ alpha: spec }))).rejects.toThrow(message);
  });

  it('the committed registries of this repository are up to date', async () => {
    expect(await generatePlugins(realRepo, { check: true })).toEqual([]);
  });
});
