import { Migration } from '@mikro-orm/migrations';

/** Entries per server (plugin `shop-performance`). */
export class Migration20261128120021ShopPerformance extends Migration {
  override up(): void {
    this.addSql(
      `create table "shop_performance_items" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "value" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "shop_performance_items_server_id_index" on "shop_performance_items" ("server_id");`);
  }
}
