import { Migration } from '@mikro-orm/migrations';

/** Restores of one database as a copy, compared before they are promoted (plugin `mysql`). */
export class Migration20261128170000MysqlRestores extends Migration {
  override up(): void {
    this.addSql(
      `create table "mysql_restores" ("id" serial primary key, "server_id" int not null, "database" varchar(64) not null, "copy_name" varchar(64) not null, "before_name" varchar(64) not null, "status" varchar(16) not null, "step" varchar(16) null, "progress" int not null, "error" text null, "tables" jsonb null, "started_by" varchar(255) not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "promoted_at" timestamptz null);`,
    );
    this.addSql(`create index "mysql_restores_server_id_index" on "mysql_restores" ("server_id");`);
  }
}
