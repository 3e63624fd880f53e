import { Migration } from '@mikro-orm/migrations';
import { statsTableSql } from '@portal/plugin-sdk/server';

/** The history table of plugin `__id__` (`__snake___stats`), the stats family's (`defineStatsEntity('__id__')`). */
export class Migration__timestamp____Pascal__ extends Migration {
  override up(): void {
    for (const sql of statsTableSql('__id__')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists "__snake___stats";');
  }
}
