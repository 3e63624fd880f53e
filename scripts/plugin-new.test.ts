/**
 * `npm run plugin:new`: the names it derives, and that its output is a working plugin — scaffolded under
 * a throw-away id into this repository, the contract and registries regenerated, then the plugin's type
 * check and its unit tests (rules, renderer, translations). Everything it wrote is put back afterwards
 * (the plugin folder removed, the generated files restored byte for byte), so the repository is unchanged.
 * The integration, component and e2e tests of the template are proven when a plugin is generated for real
 * (docs/plugins.md, "A new plugin in minutes").
 *
 * The families' templates are proven whole, each for a service without a module yet: a config service for `tomcat` (its
 * first migration generated from the entities) and a stats service for `rabbitmq` are scaffolded side by
 * side, and their type checks, lint, unit and API tests, the SDK's checks of every plugin and their e2e specs
 * (one private build of the SPA, `E2E_SPA_DIR`; the demo seed has a server running each service) pass as generated.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { families, familyTemplate, generateMigration, namesOf, scaffold } from './plugin-new.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;

describe('plugin:new names', () => {
  it('derives every spelling from the id', () => {
    expect(namesOf('example-cache', { now: new Date('2026-11-24T07:30:05Z') })).toEqual({
      id: 'example-cache',
      camel: 'exampleCache',
      Pascal: 'ExampleCache',
      Title: 'Example cache',
      snake: 'example_cache',
      table: 'example_cache_items',
      timestamp: '20261124073005',
      service: 'nginx',
      process: 'nginx',
      configPath: '/etc/portal/example-cache.conf',
    });
    expect(namesOf('redis', { service: 'redis', title: 'Redis' })).toMatchObject({
      Pascal: 'Redis',
      table: 'redis_items',
      service: 'redis',
      process: 'redis-server',
      Title: 'Redis',
    });
    expect(namesOf('mc', { service: 'memcached' }).process).toBe('memcached');
  });

  it('knows the families; one without a template directory is not available yet', () => {
    expect(familyTemplate('config')).toMatch(/plugin-template\/config$/);
    expect(familyTemplate('stats')).toMatch(/plugin-template\/stats$/);
    expect(() => familyTemplate('nope')).toThrow('unknown family');
    for (const family of Object.keys(families))
      if (!fs.existsSync(path.join(repo, 'scripts/plugin-template', family, 'plugin.ts.tpl')))
        expect(() => familyTemplate(family)).toThrow('not yet available');
  });

  it('refuses ids the portal cannot use', () => {
    for (const id of ['Cache', '1cache', 'cache-', 'a--b', 'a_b', 'x'.repeat(32)]) expect(() => namesOf(id)).toThrow('is not a plugin id');
    for (const id of ['managed', 'dashboard', 'sdk']) expect(() => namesOf(id)).toThrow('reserved');
    expect(() => namesOf('cache', { service: 'a b' })).toThrow('not a service name');
    expect(() => scaffold(namesOf('ssh'), repo)).toThrow('exists already');
  });
});

// Never inside the Jest this test starts itself.
(process.env.PLUGIN_NEW_NESTED ? describe.skip : describe)('plugin:new output', () => {
  const id = `zz-scaffold-${process.pid}`;
  const dir = path.join(repo, 'plugins', id);
  // What `npm run generate` rewrites: kept here and written back afterwards.
  const generated = [
    'openapi/dist/portal.openapi.json',
    'openapi/generated/schema.ts',
    'bff/src/generated/plugins.ts',
    'frontend/src/generated/plugins.ts',
  ];
  const saved = new Map(generated.map((f) => [f, fs.readFileSync(path.join(repo, f))]));
  const generate = () => {
    execFileSync(node, ['scripts/bundle.ts'], { cwd: path.join(repo, 'openapi'), stdio: 'pipe' });
    execFileSync(node, ['scripts/generate-plugins.ts'], { cwd: repo, stdio: 'pipe' });
  };

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [f, content] of saved) fs.writeFileSync(path.join(repo, f), content);
  });

  it('type-checks and passes its unit tests', () => {
    const files = scaffold(namesOf(id), repo);
    expect(files).toEqual(
      expect.arrayContaining([
        'plugin.ts',
        'openapi.yaml',
        'examples.yaml',
        `server/${id}.test.ts`,
        'server/index.ts',
        'server/rules.test.ts',
        'server/render.test.ts',
        'web/ItemTable.stories.tsx',
        'web/ItemForm.test.tsx',
        'web/dashboard.tsx',
        `e2e/${id}.spec.ts`,
        'i18n/de.json',
        'i18n/en.json',
      ]),
    );
    expect(files.find((f) => /^server\/migrations\/Migration\d{14}ZzScaffold\d+\.ts$/.test(f))).toBeDefined();
    generate();
    expect(fs.readFileSync(path.join(dir, 'generated/operations.ts'), 'utf8')).toContain(`'createZzScaffold${process.pid}Item'`);

    // Strict type check of the plugin's folder (server, web, tests) against the regenerated contract.
    execFileSync(node, [path.join(repo, 'node_modules/typescript7/bin/tsc'), '-p', dir], { cwd: repo, stdio: 'pipe' });

    // Its unit tests, and the SDK's checks of every plugin (schema, translations) for it alone, in a Jest of their own.
    const tests = [
      ...['server/rules.test.ts', 'server/render.test.ts'].map((f) => `plugins/${id}/${f}`),
      'plugins/sdk/testing/plugins.test.ts',
    ];
    const run = spawnSync(
      node,
      [
        path.join(repo, 'node_modules/jest/bin/jest.js'),
        '--runTestsByPath',
        ...tests,
        '--selectProjects',
        'node',
        '-t',
        `^(?!plugin (?!${id} ))`,
      ],
      {
        cwd: repo,
        env: { ...process.env, PLUGIN_NEW_NESTED: '1', NODE_OPTIONS: '--experimental-vm-modules --no-warnings' },
      },
    );
    const report = run.stderr.toString();
    expect([run.status, report.match(/Test Suites:.*/)?.[0]]).toEqual([0, 'Test Suites: 3 passed, 3 total']);
  }, 180_000);
});

/** Jest on some files of the repository, in a process of its own (never inside this one). */
function jest(tests: string[], extra: string[] = []) {
  const run = spawnSync(node, [path.join(repo, 'node_modules/jest/bin/jest.js'), '--runTestsByPath', ...tests, ...extra], {
    cwd: repo,
    env: { ...process.env, PLUGIN_NEW_NESTED: '1', NODE_OPTIONS: '--experimental-vm-modules --no-warnings --max-old-space-size=4096' },
  });
  return { status: run.status, summary: run.stderr.toString().match(/Test Suites:.*/)?.[0], report: run.stderr.toString() };
}

(process.env.PLUGIN_NEW_NESTED ? describe.skip : describe)('plugin:new --family config|stats', () => {
  /** The families proven, each for a non-web service; their own code (tests, e2e, package/tsconfig and the contract's examples left out) is at most 8 files. */
  const members = [
    {
      family: 'config',
      names: namesOf(`zz-settings-${process.pid}`, { service: 'tomcat', title: 'Tomcat' }),
      own: (id: string, migration: string) => [
        'plugin.ts',
        'openapi.yaml',
        'server/index.ts',
        'server/program.ts',
        migration,
        'web/index.tsx',
        'i18n/de.json',
        'i18n/en.json',
      ],
      tests: (id: string) => ['server/program.test.ts', `server/${id}.test.ts`],
      operation: (pascal: string) => `update${pascal}Settings`,
    },
    {
      family: 'stats',
      names: namesOf(`zz-figures-${process.pid}`, { service: 'rabbitmq', title: 'RabbitMQ' }),
      own: (id: string, migration: string) => [
        'plugin.ts',
        'openapi.yaml',
        'server/index.ts',
        'server/sampler.ts',
        migration,
        'web/index.tsx',
        'i18n/de.json',
        'i18n/en.json',
      ],
      tests: (id: string) => ['server/sampler.test.ts', `server/${id}.test.ts`],
      operation: (pascal: string) => `watch${pascal}`,
    },
  ];
  const spa = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-new-spa-'));
  const generated = [
    'openapi/dist/portal.openapi.json',
    'openapi/generated/schema.ts',
    'bff/src/generated/plugins.ts',
    'frontend/src/generated/plugins.ts',
  ];
  const saved = new Map(generated.map((f) => [f, fs.readFileSync(path.join(repo, f))]));

  afterAll(() => {
    for (const { names } of members) fs.rmSync(path.join(repo, 'plugins', names.id), { recursive: true, force: true });
    fs.rmSync(spa, { recursive: true, force: true });
    for (const [f, content] of saved) fs.writeFileSync(path.join(repo, f), content);
  });

  it('scaffolds a config service for tomcat and a stats service for rabbitmq whose lint, types, unit, API and e2e tests pass as generated', async () => {
    for (const { family, names, own } of members) {
      const files = scaffold(names, repo, family);
      const entities = await families[family]!.entities?.(names);
      if (entities) files.push(await generateMigration(names, entities, repo));
      const migration = `server/migrations/Migration${names.timestamp}${names.Pascal}.ts`;
      expect([family, files.filter((f) => !/\.test\.tsx?$|^e2e\/|^package\.json$|^tsconfig\.json$|^examples\.yaml$/.test(f)).sort()]).toEqual([
        family,
        own(names.id, migration).sort(),
      ]);
    }
    const dirs = members.map(({ names }) => `plugins/${names.id}`);
    execFileSync(node, [path.join(repo, 'node_modules/prettier/bin/prettier.cjs'), '--log-level', 'warn', '--write', ...dirs], {
      cwd: repo,
    });
    execFileSync(node, ['scripts/bundle.ts'], { cwd: path.join(repo, 'openapi'), stdio: 'pipe' });
    execFileSync(node, ['scripts/generate-plugins.ts'], { cwd: repo, stdio: 'pipe' });
    for (const { names, operation } of members)
      expect(fs.readFileSync(path.join(repo, 'plugins', names.id, 'generated/operations.ts'), 'utf8')).toContain(
        `'${operation(names.Pascal)}'`,
      );

    for (const dir of dirs)
      execFileSync(node, [path.join(repo, 'node_modules/typescript7/bin/tsc'), '-p', dir], { cwd: repo, stdio: 'pipe' });
    execFileSync(node, [path.join(repo, 'node_modules/eslint/bin/eslint.js'), ...dirs], { cwd: repo, stdio: 'pipe' });

    // Unit and API tests, and the SDK's checks of every plugin (schema from the migration, translations) for them alone.
    const ids = members.map(({ names }) => names.id);
    const unit = jest(
      [
        ...members.flatMap(({ names, tests }) => tests(names.id).map((f) => `plugins/${names.id}/${f}`)),
        'plugins/sdk/testing/plugins.test.ts',
      ],
      ['--selectProjects', 'node', '-t', `^(?!plugin (?!(${ids.join('|')}) ))`],
    );
    if (unit.status !== 0) console.error(unit.report);
    expect([unit.status, unit.summary]).toEqual([0, `Test Suites: ${members.length * 2 + 1} passed, ${members.length * 2 + 1} total`]);

    // Their e2e specs, against one private build of the SPA that has both (frontend/dist is left alone).
    execFileSync(
      node,
      [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', spa, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: path.join(repo, 'frontend'), stdio: 'pipe' },
    );
    const e2e = spawnSync(node, [path.join(repo, 'node_modules/@playwright/test/cli.js'), 'test'], {
      cwd: repo,
      // Without Jest's variables (Playwright refuses to run inside a Jest worker) and its NODE_OPTIONS.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JEST_') && k !== 'NODE_OPTIONS')),
        E2E_SPECS: ids.map((id) => `${id}.spec.ts`).join(','),
        E2E_SPA_DIR: spa,
        E2E_WORKERS: '1',
        E2E_PORT: process.env.SCAFFOLD_E2E_PORT ?? '3190',
      },
    });
    if (e2e.status !== 0) console.error(e2e.stdout.toString(), e2e.stderr.toString());
    expect([e2e.status, e2e.stdout.toString().match(/\d+ passed/)?.[0]]).toEqual([0, `${members.length} passed`]); // one journey each (journeyLanguages)
  }, 1_200_000);
});
