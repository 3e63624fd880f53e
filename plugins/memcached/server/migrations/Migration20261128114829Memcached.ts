import { Migration } from '@mikro-orm/migrations';
import { statsTableSql } from '@portal/plugin-sdk/server';

/**
 * The tables of plugin `memcached`: its settings (`memcached_settings`, generated from the config family's entity
 * by `npm run plugin:new`) and its figures' history (`memcached_stats`, the stats family's).
 */
export class Migration20261128114829Memcached extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "memcached_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "memcached_settings" add constraint "memcached_settings_server_id_unique" unique ("server_id");`);
    for (const sql of statsTableSql('memcached')) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "memcached_stats";`);
    this.addSql(`drop table if exists "memcached_settings" cascade;`);
  }
}
