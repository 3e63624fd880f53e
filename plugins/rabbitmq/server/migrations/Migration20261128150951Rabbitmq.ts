import { Migration } from '@mikro-orm/migrations';
import { statsTableSql } from '@portal/plugin-sdk/server';

/** The history table of plugin `rabbitmq` (`rabbitmq_stats`), the stats family's (`defineStatsEntity('rabbitmq')`). */
export class Migration20261128150951Rabbitmq extends Migration {
  override up(): void {
    for (const sql of statsTableSql('rabbitmq')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists "rabbitmq_stats";');
  }
}
