import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Which VCL an apply writes on a server: the form's (`form`) or the expert's own (`custom`, kept when switched back). */
export const VarnishVcl = defineEntity({
  name: 'VarnishSslVcl',
  tableName: 'varnish_ssl_vcl',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    mode: p.string().length(6),
    customVcl: p.text(),
    updatedAt: p.datetime(),
  },
});
export type VarnishVcl = InferEntity<typeof VarnishVcl>;
