import { Migration } from '@mikro-orm/migrations';

/** ACL users per server and the portal's own management credential (plugin `redis`). */
export class Migration20261129120000RedisAcl extends Migration {
  override up(): void {
    this.addSql(
      `create table "redis_acl_users" ("id" serial primary key, "server_id" int not null, "name" varchar(32) not null, "key_patterns" jsonb not null, "access" varchar(16) not null, "enabled" boolean not null, "password_hash" varchar(64) not null, "created_at" timestamptz not null, "password_set_at" timestamptz not null);`,
    );
    this.addSql(`create index "redis_acl_users_server_id_index" on "redis_acl_users" ("server_id");`);
    this.addSql(`create table "redis_portal_credentials" ("id" serial primary key, "server_id" int not null, "sealed" text not null, "password_hash" varchar(64) not null);`);
    this.addSql(`alter table "redis_portal_credentials" add constraint "redis_portal_credentials_server_id_unique" unique ("server_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "redis_portal_credentials";`);
    this.addSql(`drop table if exists "redis_acl_users";`);
  }
}
