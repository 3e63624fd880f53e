import { Migration } from '@mikro-orm/migrations';

/**
 * Instances (issue 26, "instances per shop"): table `redis_instances` for the named instances besides `default`, and
 * every ACL user belongs to one instance. The server's redis of before is the instance `default`: its settings stay
 * where they were (`redis_settings`) and its ACL users get `instance = 'default'` — nothing existing changes, the file
 * stays `/etc/redis/redis.conf`.
 */
export class Migration20261202090000RedisInstances extends Migration {
  override up(): void {
    this.addSql(
      `create table "redis_instances" ("id" serial primary key, "server_id" int not null, "name" varchar(30) not null, "slot" int not null, "port" int not null, "maxmemory_mb" int not null, "maxmemory_policy" varchar(20) not null, "appendonly" boolean not null, "appendfsync" varchar(10) not null, "save_schedule" varchar(100) not null, "default_user" boolean not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "redis_instances_server_id_index" on "redis_instances" ("server_id");`);
    this.addSql(`alter table "redis_acl_users" add column "instance" varchar(30) not null default 'default';`);
  }

  override down(): void {
    this.addSql(`alter table "redis_acl_users" drop column "instance";`);
    this.addSql(`drop table if exists "redis_instances" cascade;`);
  }
}
