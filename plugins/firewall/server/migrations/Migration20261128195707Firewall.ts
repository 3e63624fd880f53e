import { Migration } from '@mikro-orm/migrations';

/** Entries per server (plugin `firewall`). */
export class Migration20261128195707Firewall extends Migration {
  override up(): void {
    this.addSql(
      `create table "firewall_items" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "value" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "firewall_items_server_id_index" on "firewall_items" ("server_id");`);
  }
}
