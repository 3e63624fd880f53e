// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The dependency direction of ARCHITECTURE.md, as import restrictions per package. */
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const webFrameworks = { group: ['koa', 'koa-*', '@koa/*', 'socket.io', 'react', 'react-*', '@mui/*'], message: 'core holds the domain: no web framework.' };

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'openapi/generated/**', 'storybook/storybook-static/**', 'test-results/**', 'playwright-report/**', 'plugins/*/generated/**', 'frontend/src/generated/**', 'bff/src/generated/**'],
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
  restrict(['openapi/**'], [{ group: ['@portal/*', '**/core/**', '**/bff/**', '**/frontend/**'], message: 'The contract depends on nothing of ours.' }]),
  restrict(['frontend/**'], [
    { group: ['@portal/core', '@portal/core/*', '@portal/bff', '@portal/bff/*', '@mikro-orm/*', 'koa', '@koa/*', '**/core/**', '**/bff/**'], message: 'The frontend talks to the BFF only through the OpenAPI types.' },
  ]),
  restrict(['plugins/*/**'], [
    { group: ['@portal/core', '@portal/core/*', '@portal/bff', '@portal/bff/*', '@portal/frontend', '@portal/frontend/*', '**/core/**', '**/bff/**'], message: 'A plugin uses only @portal/plugin-sdk and @portal/openapi.' },
  ]),
  restrict(['bff/**'], [{ group: ['@portal/frontend', '@portal/frontend/*', '**/frontend/src/**'], message: 'The BFF serves the built SPA; it does not import it.' }]),
);
