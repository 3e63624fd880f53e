import { Migration } from '@mikro-orm/migrations';
import { reportScheduleTableSql } from '@portal/plugin-sdk/server';

/** The report schedule per server (plugin `shop-performance`, issue 25). */
export class Migration20261129120100ShopPerformanceSchedule extends Migration {
  override up(): void {
    for (const sql of reportScheduleTableSql('shop-performance')) this.addSql(sql);
  }
}
