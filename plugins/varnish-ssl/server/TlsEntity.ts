import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The certificate hitch serves on a server (desired state besides the settings): one of the customer's certificates
 * (`source: inventory`, `certificateId`) or a PEM pasted by the user (`source: pem`), sealed with the portal's secret
 * box (`ports.secrets`, context `server:<id>`) — never stored, answered or logged in the clear. Subject, names, expiry
 * and fingerprint are kept beside it for the page.
 */
export const VarnishTls = defineEntity({
  name: 'VarnishSslTls',
  tableName: 'varnish_ssl_tls',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    source: p.string().length(9),
    certificateId: p.string().length(100).nullable(),
    sealedPem: p.text().nullable(),
    subject: p.string().length(500),
    altNames: p.json<string[]>(),
    validUntil: p.string().length(40).nullable(),
    fingerprint: p.string().length(100),
    updatedAt: p.datetime(),
  },
});
export type VarnishTls = InferEntity<typeof VarnishTls>;
