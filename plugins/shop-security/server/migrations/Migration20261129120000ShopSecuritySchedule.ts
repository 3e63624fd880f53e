import { Migration } from '@mikro-orm/migrations';
import { reportScheduleTableSql } from '@portal/plugin-sdk/server';

/** The scan schedule per server (plugin `shop-security`, issue 25). */
export class Migration20261129120000ShopSecuritySchedule extends Migration {
  override up(): void {
    for (const sql of reportScheduleTableSql('shop-security')) this.addSql(sql);
  }
}
