import { Migration } from '@mikro-orm/migrations';

/** Entries per server (plugin `__id__`). */
export class Migration__timestamp____Pascal__ extends Migration {
  override up(): void {
    this.addSql(`create table "__table__" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "value" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "__table___server_id_index" on "__table__" ("server_id");`);
  }
}
