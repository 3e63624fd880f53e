import { Migration } from '@mikro-orm/migrations';
import { statsTableSql } from '@portal/plugin-sdk/server';
import { Migration20261122144000Monitoring } from './Migration20261122144000Monitoring.ts';

/** A figure of the stats family's JSON (`FigureStat`) from a column pair; `null` (left out) without a value. */
const stat = (avg: string, max = avg, n = '1', last = avg) =>
  `case when ${avg} is null then null else jsonb_build_object('avg', ${avg}, 'max', ${max}, 'n', ${n}, 'last', ${last}) end`;

const rawStats = `jsonb_strip_nulls(jsonb_build_object(${[
  ['cpu', stat('cpu_percent')],
  ['load1', stat('load1')],
  ['load5', stat('load5')],
  ['load15', stat('load15')],
  ['cpuCount', stat('cpu_count')],
  ['memoryUsed', stat('memory_used_bytes')],
  ['memoryTotal', stat('memory_total_bytes')],
  ['diskUsed', stat('disk_used_bytes')],
  ['diskTotal', stat('disk_total_bytes')],
  ['rx', stat('net_rx_bytes_per_second')],
  ['tx', stat('net_tx_bytes_per_second')],
]
  .map(([k, v]) => `'${k}', ${v}`)
  .join(', ')}))`;

const rollupStats = `jsonb_strip_nulls(jsonb_build_object(${[
  ['cpu', stat('cpu_avg', 'cpu_max', 'cpu_samples', 'cpu_avg')],
  ['load1', stat('load_avg', 'load_max', 'samples')],
  ['cpuCount', stat('cpu_count', 'cpu_count', 'samples')],
  ['memoryUsed', stat('memory_avg', 'memory_max', 'samples')],
  ['memoryTotal', stat('memory_total', 'memory_total', 'samples')],
  ['diskUsed', stat('disk_avg', 'disk_max', 'samples')],
  ['diskTotal', stat('disk_total', 'disk_total', 'samples')],
  ['rx', stat('rx_avg', 'rx_max', 'net_samples')],
  ['tx', stat('tx_avg', 'tx_max', 'net_samples')],
]
  .map(([k, v]) => `'${k}', ${v}`)
  .join(', ')}))`;

/**
 * Monitoring moves onto the stats family: one table `monitoring_stats` (server, resolution, bucket,
 * figures as JSON) instead of a table with a column per figure for each resolution. The history is
 * carried over (a rollup's newest value of a figure becomes its average: the old tables kept none).
 */
export class Migration20261201120000MonitoringStats extends Migration {
  override up(): void {
    for (const sql of statsTableSql('monitoring')) this.addSql(sql);
    this.addSql(
      `insert into "monitoring_stats" ("server_id", "resolution", "bucket", "samples", "stats") select "server_id", 10, "bucket", 1, ${rawStats} from "monitoring_samples";`,
    );
    for (const [table, resolution] of [
      ['monitoring_rollups_1m', 60],
      ['monitoring_rollups_10m', 600],
    ] as const)
      this.addSql(
        `insert into "monitoring_stats" ("server_id", "resolution", "bucket", "samples", "stats") select "server_id", ${resolution}, "bucket", "samples", ${rollupStats} from "${table}";`,
      );
    this.addSql(`drop table "monitoring_rollups_10m";`);
    this.addSql(`drop table "monitoring_rollups_1m";`);
    this.addSql(`drop table "monitoring_samples";`);
  }

  /** Back to the empty tables of the first version (the history is not carried back). */
  override down(): void {
    this.addSql(`drop table if exists "monitoring_stats";`);
    Migration20261122144000Monitoring.prototype.up.call(this);
  }
}
