import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A `double precision` column read as a JS number (MikroORM reads doubles as strings unless told). */
export const number = () => p.double().runtimeType('number').$type<number>();

/**
 * A raw measurement of a server, one per 10-second bucket, kept for about an hour. The primary key
 * (server, bucket) makes a second sampler (another portal instance) a no-op instead of a duplicate.
 */
export const MonitoringSample = defineEntity({
  name: 'MonitoringSample',
  tableName: 'monitoring_samples',
  properties: {
    serverId: p.integer().primary(),
    bucket: p.datetime().primary().index(),
    cpuPercent: number().nullable(),
    load1: number(),
    load5: number(),
    load15: number(),
    cpuCount: p.integer(),
    memoryUsedBytes: number(),
    memoryTotalBytes: number(),
    diskUsedBytes: number(),
    diskTotalBytes: number(),
    netRxBytesPerSecond: number().nullable(),
    netTxBytesPerSecond: number().nullable(),
  },
});
export type MonitoringSample = InferEntity<typeof MonitoringSample>;
