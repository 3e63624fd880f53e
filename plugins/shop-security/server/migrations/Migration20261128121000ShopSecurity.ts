import { Migration } from '@mikro-orm/migrations';
import { reportTableSql } from '@portal/plugin-sdk/server';

/** The scans per server (plugin `shop-security`). */
export class Migration20261128121000ShopSecurity extends Migration {
  override up(): void {
    for (const sql of reportTableSql('shop-security')) this.addSql(sql);
  }
}
