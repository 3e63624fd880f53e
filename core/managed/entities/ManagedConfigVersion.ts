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
}

/** A configuration a plugin applied to a server: the rendered files and the desired state they came from. */
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
    createdAt: p.datetime(),
  },
});
export type ManagedConfigVersion = InferEntity<typeof ManagedConfigVersion>;
