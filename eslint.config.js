// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The dependency direction of ARCHITECTURE.md, as import restrictions per package. */
const restrict = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const webFrameworks = { group: ['koa', 'koa-*', '@koa/*', 'socket.io', 'react', 'react-*', '@mui/*'], message: 'core holds the domain: no web framework.' };

/**
 * Module boundaries (docs/decisions.md "Boundaries", docs/contributing.md), checked on the resolved file of
 * every import, export and dynamic import by eslint-plugin-boundaries — so a relative path (`../../dns/…`) is
 * caught as surely as a package name (`@portal/plugin-dns`). Patterns are anchored at the repository root.
 */
const elements = [
  { type: 'sdk', pattern: 'plugins/sdk', partialMatch: false },
  { type: 'plugin', pattern: 'plugins/*', partialMatch: false, capture: ['plugin'] },
  { type: 'core-module', pattern: 'core/*', partialMatch: false, capture: ['module'] },
  { type: 'core', pattern: 'core', partialMatch: false },
  { type: 'bff', pattern: 'bff', partialMatch: false },
  { type: 'frontend', pattern: 'frontend', partialMatch: false },
  { type: 'openapi', pattern: 'openapi', partialMatch: false },
];
const to = (element) => ({ to: { element } });
const hostInternals = ['core-module', 'core', 'bff', 'frontend'].map((type) => ({ type }));

/** A core module uses another core module only through that module's `index.ts`. */
const corePolicies = [
  {
    from: { element: { type: 'core-module' } },
    disallow: to({ type: 'core-module', captured: { module: '!{{ from.element.captured.module }}' }, fileInternalPath: '!index.ts' }),
    message: 'core/{{ from.element.captured.module }} may use core/{{ to.element.captured.module }} only through its index.ts, not {{ to.element.fileInternalPath }}.',
  },
  {
    from: { element: { type: 'core' } },
    disallow: to({ type: 'core-module', fileInternalPath: '!index.ts' }),
    message: 'core wiring uses core/{{ to.element.captured.module }} only through its index.ts, not {{ to.element.fileInternalPath }}.',
  },
];

/** A plugin (and the SDK) uses the SDK, the contract and its own files: no other plugin, no core, BFF or frontend file. */
const pluginPolicies = [
  {
    from: { element: { type: 'plugin' } },
    disallow: to({ type: 'plugin', captured: { plugin: '!{{ from.element.captured.plugin }}' } }),
    message: 'Plugin {{ from.element.captured.plugin }} must not import plugin {{ to.element.captured.plugin }} ({{ to.element.fileInternalPath }}): share through @portal/plugin-sdk.',
  },
  {
    from: { element: [{ type: 'plugin' }, { type: 'sdk' }] },
    disallow: to(hostInternals),
    message: 'A plugin uses only @portal/plugin-sdk and @portal/openapi, not {{ to.element.filePath }} (tests: @portal/plugin-sdk/testing).',
  },
  {
    from: { element: { type: 'plugin' } },
    disallow: to({ type: 'sdk', fileInternalPath: 'testing/**' }),
    message: '@portal/plugin-sdk/testing starts a whole portal: tests only.',
  },
];

/** Plugin tests (and benchmarks) additionally reach the portal through the testing entries, and only through them. */
const pluginTestPolicies = [
  ...pluginPolicies.slice(0, 2),
  { from: { element: { type: 'plugin' } }, allow: to([{ type: 'sdk', fileInternalPath: 'testing/**' }, { type: 'core-module', captured: { module: 'testing' }, fileInternalPath: 'index.ts' }]) },
];

/** The SDK's testing entry is the one place a plugin's side reaches the BFF: its testing helpers and core's public entries. */
const sdkTestingPolicies = [
  { from: { element: { type: 'sdk' } }, disallow: to(hostInternals), message: '@portal/plugin-sdk/testing uses @portal/bff/testing and core index files only, not {{ to.element.filePath }}.' },
  { from: { element: { type: 'sdk' } }, allow: to([{ type: 'bff', fileInternalPath: 'src/testing.ts' }, { type: 'core-module', fileInternalPath: 'index.ts' }]) },
];

/** The browser bundle never contains a plugin's server code (nor the SDK's server or testing parts). */
const webPolicies = [
  {
    from: { element: [{ type: 'frontend' }, { type: 'plugin', fileInternalPath: 'web/**' }] },
    disallow: to([{ type: 'plugin', fileInternalPath: ['server/**', 'bench/**'] }, { type: 'sdk', fileInternalPath: ['server.ts', 'gateway.ts', 'testing/**', 'webserver/index.ts', 'webserver/server/**'] }]),
    dependency: { kind: 'value' },
    message: 'Web code must not import server code ({{ to.element.filePath }}): put what both sides need into the plugin\'s shared/ folder or the contract.',
  },
];

/**
 * A plugin gets a scoped database port (`PluginDatabase`: its own entities, read-only server facts), never
 * MikroORM's EntityManager, ORM or connection: entities and migrations are all it takes from MikroORM.
 */
const pluginDatabasePatterns = [
  {
    group: ['@mikro-orm/core'],
    importNames: ['EntityManager', 'MikroORM', 'EntityRepository', 'Connection', 'Transaction', 'wrap', 'helper', 'RequestContext', 'TransactionContext'],
    message: 'A plugin reaches the database through PluginDatabase (c.em, ports.database of @portal/plugin-sdk/server), not the EntityManager.',
  },
  { group: ['@mikro-orm/*', '!@mikro-orm/core', '!@mikro-orm/migrations'], message: 'A plugin uses MikroORM only for entities and migrations (@mikro-orm/core, @mikro-orm/migrations).' },
];

// checkInternals: a plugin is one element, and its web and server folders must stay apart inside it.
const dependencies = (...policies) => ({ 'boundaries/dependencies': ['error', { default: 'allow', checkInternals: true, policies: policies.flat() }] });
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**', 'plugins/*/bench/**'];
/** Stories and story hosts render demo data (a plugin's fixtures) in Storybook; they are not in the app's bundle. */
const storyFiles = ['**/*.stories.tsx', '**/storyHost.tsx', '**/storyData.tsx'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'frontend/dist-profile/**', 'frontend/dist-server/**', 'data/**', 'openapi/generated/**', 'storybook/storybook-static/**', 'test-results/**', 'playwright-report/**', 'plugins/*/generated/**', 'frontend/src/generated/**', 'bff/src/generated/**', 'scripts/boundaries/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  restrict(['core/**'], [
    webFrameworks,
    { group: ['@portal/bff', '@portal/bff/*', '@portal/frontend', '@portal/frontend/*', '@portal/plugin-*', '**/bff/**', '**/frontend/**', '**/plugins/**'], message: 'core imports no outer layer.' },
  ]),
  // The one exception: core/managed implements the plugin contract of the SDK and imports its *types* (no plugin, no value).
  {
    files: ['core/managed/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webFrameworks, { group: ['@portal/bff', '@portal/bff/*', '@portal/frontend', '@portal/frontend/*', '**/bff/**', '**/frontend/**', '**/plugins/**'], message: 'core imports no outer layer.' }] }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@portal/plugin-sdk', '@portal/plugin-sdk/*'], allowTypeImports: true, message: 'core/managed uses the SDK for its types only.' },
            { group: ['@portal/plugin-*', '!@portal/plugin-sdk', '!@portal/plugin-sdk/*'], message: 'core imports no plugin.' },
          ],
        },
      ],
    },
  },
  restrict(['openapi/**'], [{ group: ['@portal/*', '**/core/**', '**/bff/**', '**/frontend/**'], message: 'The contract depends on nothing of ours.' }]),
  restrict(['frontend/**'], [
    { group: ['@portal/core', '@portal/core/*', '@portal/bff', '@portal/bff/*', '@mikro-orm/*', 'koa', '@koa/*', '**/core/**', '**/bff/**'], message: 'The frontend talks to the BFF only through the OpenAPI types.' },
  ]),
  restrict(
    ['plugins/*/**'],
    [
      { group: ['@portal/core', '@portal/core/*', '@portal/bff', '@portal/bff/*', '@portal/frontend', '@portal/frontend/*', '**/core/**', '**/bff/**'], message: 'A plugin uses only @portal/plugin-sdk and @portal/openapi.' },
      { group: ['@portal/plugin-*', '!@portal/plugin-sdk', '!@portal/plugin-sdk/*'], message: 'A plugin does not import another plugin: share through @portal/plugin-sdk.' },
      ...pluginDatabasePatterns,
    ],
    ['plugins/sdk/**'],
  ),
  // The SDK itself builds the scoped database port on MikroORM's types.
  restrict(
    ['plugins/sdk/**'],
    [{ group: ['@portal/core', '@portal/core/*', '@portal/bff', '@portal/bff/*', '@portal/frontend', '@portal/frontend/*', '**/core/**', '**/bff/**'], message: 'The SDK uses no host internals (its testing entry: @portal/bff/testing and core index files).' }],
    ['plugins/sdk/testing/**'],
  ),
  restrict(['bff/**'], [{ group: ['@portal/frontend', '@portal/frontend/*', '**/frontend/src/**'], message: 'The BFF serves the built SPA; it does not import it.' }]),

  // Module boundaries, on resolved files. Later blocks replace the rule's options for their files.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: ['tsconfig.json'] } },
      'boundaries/elements': elements,
      // Relative to this file, so the check is the same from any working directory (and in scripts/boundaries.test.ts).
      'boundaries/root-path': import.meta.dirname,
    },
    rules: dependencies(corePolicies, pluginPolicies, webPolicies),
  },
  { files: testFiles.map((f) => `plugins/${f.replace(/^plugins\/\*\//, '*/')}`), rules: dependencies(pluginTestPolicies) },
  { files: ['plugins/sdk/testing/**'], rules: dependencies(sdkTestingPolicies) },
  // The portal's browser tests run in Node, not in the bundle: they share the SDK's e2e entry (each spec file's portal) with the plugins' specs.
  { files: ['frontend/e2e/**'], rules: dependencies(corePolicies) },
  { files: storyFiles.map((f) => `plugins/*/${f}`), rules: dependencies(pluginPolicies) },
);
