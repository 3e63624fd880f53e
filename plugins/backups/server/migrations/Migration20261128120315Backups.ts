import { Migration } from '@mikro-orm/migrations';

/** Entries per server (plugin `backups`). */
export class Migration20261128120315Backups extends Migration {
  override up(): void {
    this.addSql(
      `create table "backups_items" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "value" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "backups_items_server_id_index" on "backups_items" ("server_id");`);
  }
}
