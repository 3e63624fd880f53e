import { Migration } from '@mikro-orm/migrations';

/** Databases and users per server (plugin `mysql`). */
export class Migration20261128120000MysqlAccounts extends Migration {
  override up(): void {
    this.addSql(`create table "mysql_databases" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "charset" varchar(16) not null, "collation" varchar(32) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "mysql_databases_server_id_index" on "mysql_databases" ("server_id");`);
    this.addSql(`create table "mysql_users" ("id" serial primary key, "server_id" int not null, "name" varchar(80) not null, "host" varchar(60) not null, "authentication" varchar(24) not null, "password_hash" varchar(64) not null, "databases" jsonb not null, "created_at" timestamptz not null, "password_set_at" timestamptz not null);`);
    this.addSql(`create index "mysql_users_server_id_index" on "mysql_users" ("server_id");`);
  }
}
