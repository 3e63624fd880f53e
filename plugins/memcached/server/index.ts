/**
 * Server part of the `memcached` config service: its settings (the contract's `x-config`), rendered and checked
 * as `program.ts` says; the family (`defineConfigService`) stores them, answers get/update, applies (the
 * program's check, then its reload) and rolls back.
 */
import { defineConfigService } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { Migration20261128114829Memcached } from './migrations/Migration20261128114829Memcached.ts';
import programs, { render } from './program.ts';

export default defineConfigService<Operations, Settings>({
  config,
  migrations: [Migration20261128114829Memcached],
  render,
  programs,
});
