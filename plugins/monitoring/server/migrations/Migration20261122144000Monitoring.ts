import { Migration } from '@mikro-orm/migrations';

/**
 * Monitoring history: raw samples (10 s) and rollups (1 min, 10 min). The primary key (server_id,
 * bucket) is the index every read and the per-server pruning use; the bucket index serves pruning
 * across all servers.
 */
export class Migration20261122144000Monitoring extends Migration {
  override up(): void {
    this.addSql(
      `create table "monitoring_samples" ("server_id" int not null, "bucket" timestamptz not null, "cpu_percent" double precision null, "load1" double precision not null, "load5" double precision not null, "load15" double precision not null, "cpu_count" int not null, "memory_used_bytes" double precision not null, "memory_total_bytes" double precision not null, "disk_used_bytes" double precision not null, "disk_total_bytes" double precision not null, "net_rx_bytes_per_second" double precision null, "net_tx_bytes_per_second" double precision null, primary key ("server_id", "bucket"));`,
    );
    this.addSql(`create index "monitoring_samples_bucket_index" on "monitoring_samples" ("bucket");`);
    this.addSql(
      `create table "monitoring_rollups_1m" ("server_id" int not null, "bucket" timestamptz not null, "samples" int not null, "cpu_samples" int not null, "cpu_avg" double precision null, "cpu_max" double precision null, "load_avg" double precision not null, "load_max" double precision not null, "cpu_count" int not null, "memory_avg" double precision not null, "memory_max" double precision not null, "memory_total" double precision not null, "disk_avg" double precision not null, "disk_max" double precision not null, "disk_total" double precision not null, "net_samples" int not null, "rx_avg" double precision null, "rx_max" double precision null, "tx_avg" double precision null, "tx_max" double precision null, primary key ("server_id", "bucket"));`,
    );
    this.addSql(`create index "monitoring_rollups_1m_bucket_index" on "monitoring_rollups_1m" ("bucket");`);
    this.addSql(
      `create table "monitoring_rollups_10m" ("server_id" int not null, "bucket" timestamptz not null, "samples" int not null, "cpu_samples" int not null, "cpu_avg" double precision null, "cpu_max" double precision null, "load_avg" double precision not null, "load_max" double precision not null, "cpu_count" int not null, "memory_avg" double precision not null, "memory_max" double precision not null, "memory_total" double precision not null, "disk_avg" double precision not null, "disk_max" double precision not null, "disk_total" double precision not null, "net_samples" int not null, "rx_avg" double precision null, "rx_max" double precision null, "tx_avg" double precision null, "tx_max" double precision null, primary key ("server_id", "bucket"));`,
    );
    this.addSql(`create index "monitoring_rollups_10m_bucket_index" on "monitoring_rollups_10m" ("bucket");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "monitoring_rollups_10m";`);
    this.addSql(`drop table if exists "monitoring_rollups_1m";`);
    this.addSql(`drop table if exists "monitoring_samples";`);
  }
}
