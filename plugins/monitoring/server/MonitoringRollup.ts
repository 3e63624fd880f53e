import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { number } from './MonitoringSample.ts';

/**
 * The columns of a downsampled bucket (see `rollup.ts`): how many raw samples it stands for, and the
 * average and maximum of each figure, so coarser buckets can be combined exactly.
 */
const rollupProperties = () => ({
  serverId: p.integer().primary(),
  bucket: p.datetime().primary().index(),
  samples: p.integer(),
  cpuSamples: p.integer(),
  cpuAvg: number().nullable(),
  cpuMax: number().nullable(),
  loadAvg: number(),
  loadMax: number(),
  cpuCount: p.integer(),
  memoryAvg: number(),
  memoryMax: number(),
  memoryTotal: number(),
  diskAvg: number(),
  diskMax: number(),
  diskTotal: number(),
  netSamples: p.integer(),
  rxAvg: number().nullable(),
  rxMax: number().nullable(),
  txAvg: number().nullable(),
  txMax: number().nullable(),
});

/** One minute of a server (the 24-hour range), kept for about a day. */
export const MonitoringMinuteRollup = defineEntity({
  name: 'MonitoringMinuteRollup',
  tableName: 'monitoring_rollups_1m',
  properties: rollupProperties(),
});
export type MonitoringMinuteRollup = InferEntity<typeof MonitoringMinuteRollup>;

/** Ten minutes of a server (the 7-day range), kept for about a week. */
export const MonitoringTenMinuteRollup = defineEntity({
  name: 'MonitoringTenMinuteRollup',
  tableName: 'monitoring_rollups_10m',
  properties: rollupProperties(),
});
export type MonitoringTenMinuteRollup = InferEntity<typeof MonitoringTenMinuteRollup>;
