import { Migration } from '@mikro-orm/migrations';
import { statsSubjectsSql } from '@portal/plugin-sdk/server';

/**
 * Live figures per instance (issue 26): the history `redis_stats` is keyed by instance too (the stats family's
 * `subject`). Every stored row stays the `default` instance's (subject `''`), so no history moves.
 */
export class Migration20261204090000RedisStatsInstances extends Migration {
  override up(): void {
    for (const sql of statsSubjectsSql('redis')) this.addSql(sql);
  }

  override down(): void {
    this.addSql(`delete from "redis_stats" where "subject" <> '';`);
    this.addSql(`alter table "redis_stats" drop constraint "redis_stats_pkey";`);
    this.addSql(`alter table "redis_stats" add constraint "redis_stats_pkey" primary key ("server_id", "resolution", "bucket");`);
    this.addSql(`alter table "redis_stats" drop column "subject";`);
  }
}
