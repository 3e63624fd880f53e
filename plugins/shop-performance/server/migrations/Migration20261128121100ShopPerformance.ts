import { Migration } from '@mikro-orm/migrations';
import { reportTableSql } from '@portal/plugin-sdk/server';

/** The performance reports per server (plugin `shop-performance`). */
export class Migration20261128121100ShopPerformance extends Migration {
  override up(): void {
    for (const sql of reportTableSql('shop-performance')) this.addSql(sql);
  }
}
