import { Migration } from '@mikro-orm/migrations';

/** nginx: domains (vhosts) with their redirects and basic authentications. */
export class Migration20261122140000NginxDomains extends Migration {
  override up(): void {
    this.addSql(`create table "nginx_vhosts" ("id" serial primary key, "server_id" int not null, "server_names" jsonb not null, "document_root" varchar(200) not null, "backend" text not null, "php_version" varchar(8) null, "upstream" varchar(260) null, "certificate" varchar(64) null, "directives" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "nginx_vhosts_server_id_index" on "nginx_vhosts" ("server_id");`);
    this.addSql(`create table "nginx_redirects" ("id" serial primary key, "server_id" int not null, "vhost_id" int not null, "source" varchar(512) not null, "target" varchar(2048) not null, "code" smallint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "nginx_redirects_server_id_index" on "nginx_redirects" ("server_id");`);
    this.addSql(`create index "nginx_redirects_vhost_id_index" on "nginx_redirects" ("vhost_id");`);
    this.addSql(`create table "nginx_authentications" ("id" serial primary key, "server_id" int not null, "vhost_id" int not null, "path" varchar(512) not null, "realm" varchar(64) not null, "users" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "nginx_authentications_server_id_index" on "nginx_authentications" ("server_id");`);
    this.addSql(`create index "nginx_authentications_vhost_id_index" on "nginx_authentications" ("vhost_id");`);
    this.addSql(`alter table "nginx_vhosts" add constraint "nginx_vhosts_backend_check" check ("backend" in ('static', 'php', 'upstream'));`);
    this.addSql(`alter table "nginx_redirects" add constraint "nginx_redirects_vhost_id_foreign" foreign key ("vhost_id") references "nginx_vhosts" ("id") on delete cascade;`);
    this.addSql(`alter table "nginx_authentications" add constraint "nginx_authentications_vhost_id_foreign" foreign key ("vhost_id") references "nginx_vhosts" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "nginx_authentications";`);
    this.addSql(`drop table if exists "nginx_redirects";`);
    this.addSql(`drop table if exists "nginx_vhosts";`);
  }
}
