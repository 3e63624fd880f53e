import { Migration } from '@mikro-orm/migrations';

/** apache: sites (vhosts) with their redirects and basic authentications. */
export class Migration20261128090000ApacheSites extends Migration {
  override up(): void {
    this.addSql(`create table "apache_vhosts" ("id" serial primary key, "server_id" int not null, "server_names" jsonb not null, "document_root" varchar(200) not null, "backend" text not null, "php_version" varchar(8) null, "upstream" varchar(260) null, "certificate" varchar(64) null, "directives" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "apache_vhosts_server_id_index" on "apache_vhosts" ("server_id");`);
    this.addSql(`create table "apache_redirects" ("id" serial primary key, "server_id" int not null, "vhost_id" int not null, "source" varchar(512) not null, "target" varchar(2048) not null, "code" smallint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "apache_redirects_server_id_index" on "apache_redirects" ("server_id");`);
    this.addSql(`create index "apache_redirects_vhost_id_index" on "apache_redirects" ("vhost_id");`);
    this.addSql(`create table "apache_authentications" ("id" serial primary key, "server_id" int not null, "vhost_id" int not null, "path" varchar(512) not null, "realm" varchar(64) not null, "users" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "apache_authentications_server_id_index" on "apache_authentications" ("server_id");`);
    this.addSql(`create index "apache_authentications_vhost_id_index" on "apache_authentications" ("vhost_id");`);
    this.addSql(`alter table "apache_vhosts" add constraint "apache_vhosts_backend_check" check ("backend" in ('static', 'php', 'upstream'));`);
    this.addSql(`alter table "apache_redirects" add constraint "apache_redirects_vhost_id_foreign" foreign key ("vhost_id") references "apache_vhosts" ("id") on delete cascade;`);
    this.addSql(`alter table "apache_authentications" add constraint "apache_authentications_vhost_id_foreign" foreign key ("vhost_id") references "apache_vhosts" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "apache_authentications";`);
    this.addSql(`drop table if exists "apache_redirects";`);
    this.addSql(`drop table if exists "apache_vhosts";`);
  }
}
