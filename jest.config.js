/** Unit and integration tests (ESM: MikroORM 7 is ESM-only). End-to-end tests run with Playwright. */
import path from 'node:path';
import { portalTests } from './core/testing/portalTests.js';

// JEST_GROUPS=1 (`npm test`): the test files that start a portal run in the group files of core/testing/groups,
// one module graph per group instead of one per file (core/testing/portalTests.js); otherwise one by one.
const grouped = process.env.JEST_GROUPS === '1';
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rootDir = path.dirname(new URL(import.meta.url).pathname);
const groupPatterns = grouped ? portalTests(rootDir).map(({ file }) => `<rootDir>/${escape(file)}$`) : ['/core/testing/groups/'];
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2024', transform: { react: { runtime: 'automatic' } } },
      module: { type: 'es6' },
    },
  ],
};
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform,
  transformIgnorePatterns: ['/node_modules/'],
  // The scaffolder's test rewrites the generated contract and registries for a moment: it runs as its own step
  // of `npm test` (SCAFFOLD_TEST=1), never next to tests that read them.
  // The scale-out test (two instances behind nginx) is a step of its own too (SCALE_OUT_TEST=1): alone on the machine.
  testPathIgnorePatterns: [
    '/node_modules/',
    '/e2e/',
    '/dist/',
    ...(process.env.SCAFFOLD_TEST === '1' ? [] : ['/scripts/plugin-new.test.ts']),
    ...(process.env.SCALE_OUT_TEST === '1' ? [] : ['/bff/src/scale-out.test.ts']),
    ...groupPatterns,
  ],
};

export default {
  // Generous: a test database per file is created in beforeAll, which is slow on a loaded machine.
  testTimeout: 120000,
  // A directory for this run's template databases: the portal's test databases are copies of one migrated and
  // seeded once per run (core/testing, bff/src/testing.ts); the teardown drops them.
  globalSetup: '<rootDir>/core/testing/jestGlobalSetup.js',
  globalTeardown: '<rootDir>/core/testing/jestGlobalTeardown.js',
  testSequencer: '<rootDir>/core/testing/jestSequencer.js',
  // Over 100 test files in one ESM (vm modules) process grow past the default heap: the worker is replaced
  // when it holds more than this after a file (this also makes jest use a worker with one core).
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{core,bff,openapi,client,plugins,frontend,scripts}/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'dom',
      // Components render in jsdom; i18n reads its JSON from disk instead of Vite's glob import.
      testEnvironment: '<rootDir>/frontend/jest.environment.js',
      testMatch: ['<rootDir>/{frontend,plugins}/**/*.test.tsx'],
      moduleNameMapper: { '^\\./bundledResources$': '<rootDir>/frontend/src/i18n/bundledResources.node.ts' },
    },
  ],
};
