/**
 * Server part of the `__id__` config service: its settings (the contract's `x-config`), rendered by
 * `render.ts`; the family (`defineConfigService`) stores them, answers get/update, applies and rolls back.
 */
import { defineConfigService } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { Migration__timestamp____Pascal__ } from './migrations/Migration__timestamp____Pascal__.ts';
import { render } from './render.ts';

export default defineConfigService<Operations, Settings>({
  config,
  migrations: [Migration__timestamp____Pascal__],
  render,
  // TODO(__id__): let the real program check the rendered file before it is used, e.g.
  // `check: { tool: '<program>', args: (file) => ['--test', file] }` (skipped where the program is missing),
  // or `steps: { service: '<program>' }` for a program the gateway runs (and `programs` in plugin.ts).
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: '__service__' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: '__service__' }),
  },
});
