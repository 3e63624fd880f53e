import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Server } from '../../clusters/index.ts';

export interface StoredFile {
  path: string;
  content: string;
  mode?: number;
  owner?: string;
  group?: string;
  /** Its content is never shown in a diff. */
  secret?: boolean;
  /** Secret parts of its content (`ConfigFile.secretValues`): masked wherever the content is shown. */
  secretValues?: string[];
}

/**
 * A configuration a plugin applied to a server: the rendered files and the desired state they came from.
 * Version 0 is the baseline, the server before the plugin's first change: `files` are the files the plugin
 * went on to write that already existed (their content as found), `absentPaths` those that did not exist,
 * `snapshot` the desired state before the first change. Undoing the first change returns to it.
 */
export const ManagedConfigVersion = defineEntity({
  name: 'ManagedConfigVersion',
  tableName: 'managed_config_versions',
  uniques: [{ properties: ['server', 'pluginId', 'version'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    server: () => p.manyToOne(Server).deleteRule('cascade'),
    pluginId: p.string().length(32),
    version: p.integer(),
    files: p.json<StoredFile[]>(),
    snapshot: p.json<unknown>().nullable(),
    /** The service validated and reloaded for it (for rollbacks). */
    service: p.string().length(64).nullable(),
    changeId: p.integer(),
    /** Baseline (version 0) only: paths the plugin wrote that did not exist before its first change. */
    absentPaths: p.json<string[]>().nullable(),
    createdAt: p.datetime(),
  },
});
export type ManagedConfigVersion = InferEntity<typeof ManagedConfigVersion>;
