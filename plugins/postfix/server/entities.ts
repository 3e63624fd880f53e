import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The password of the relay host's SASL login of a server (desired state besides the settings), sealed with the
 * portal's secret box (`ports.secrets`, context `server:<id>`): never stored, answered or logged in the clear.
 */
export const PostfixRelaySecret = defineEntity({
  name: 'PostfixRelaySecret',
  tableName: 'postfix_relay_secrets',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    sealedPassword: p.text(),
    updatedAt: p.datetime(),
  },
});
export type PostfixRelaySecret = InferEntity<typeof PostfixRelaySecret>;
