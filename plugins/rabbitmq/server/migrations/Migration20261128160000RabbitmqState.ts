import { Migration } from '@mikro-orm/migrations';

/** The settings (`configEntity('rabbitmq')`), virtual hosts, users and permissions per server (plugin `rabbitmq`). */
export class Migration20261128160000RabbitmqState extends Migration {
  override up(): void {
    this.addSql(`create table "rabbitmq_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "rabbitmq_settings" add constraint "rabbitmq_settings_server_id_unique" unique ("server_id");`);
    this.addSql(`create table "rabbitmq_vhosts" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "description" varchar(200) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "rabbitmq_vhosts_server_id_index" on "rabbitmq_vhosts" ("server_id");`);
    this.addSql(`create table "rabbitmq_users" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "tags" jsonb not null, "password_hash" varchar(64) not null, "created_at" timestamptz not null, "password_set_at" timestamptz not null);`);
    this.addSql(`create index "rabbitmq_users_server_id_index" on "rabbitmq_users" ("server_id");`);
    this.addSql(`create table "rabbitmq_permissions" ("id" serial primary key, "server_id" int not null, "vhost" varchar(64) not null, "user" varchar(64) not null, "configure" varchar(255) not null, "write" varchar(255) not null, "read" varchar(255) not null);`);
    this.addSql(`create index "rabbitmq_permissions_server_id_index" on "rabbitmq_permissions" ("server_id");`);
  }

  override down(): void {
    for (const t of ['rabbitmq_permissions', 'rabbitmq_users', 'rabbitmq_vhosts', 'rabbitmq_settings']) this.addSql(`drop table if exists "${t}";`);
  }
}
