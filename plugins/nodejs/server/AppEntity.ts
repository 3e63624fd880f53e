import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One Node.js application of a server: the desired state rendered into `/etc/supervisor/conf.d/nodejs.conf` and
 * `/etc/nodejs/<name>.env`. `environmentSealed` holds the variables sealed with the portal's secret box (JSON of
 * `[name, value]` pairs); `environmentNames` only their names. `release`/`previousRelease`: what `current` points to.
 */
export const NodejsApp = defineEntity({
  name: 'NodejsApp',
  tableName: 'nodejs_apps',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(30),
    nodeVersion: p.string().length(3),
    script: p.string().length(200),
    port: p.integer(),
    instances: p.integer(),
    environmentNames: p.string().length(4000),
    environmentSealed: p.text(),
    release: p.string().length(64),
    previousRelease: p.string().length(64),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type NodejsApp = InferEntity<typeof NodejsApp>;
