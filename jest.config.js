/** Unit and integration tests (ESM: MikroORM 7 is ESM-only). End-to-end tests run with Playwright. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2024', transform: { react: { runtime: 'automatic' } } },
        module: { type: 'es6' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/'],
  testMatch: ['<rootDir>/{core,bff,openapi,plugins,frontend,scripts}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/dist/'],
  testTimeout: 30000,
};
