import { Migration } from '@mikro-orm/migrations';

/** Entries per server (plugin `shop-security`). */
export class Migration20261128120014ShopSecurity extends Migration {
  override up(): void {
    this.addSql(
      `create table "shop_security_items" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "value" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "shop_security_items_server_id_index" on "shop_security_items" ("server_id");`);
  }
}
