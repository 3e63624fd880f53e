import { Migration } from '@mikro-orm/migrations';
import { statsTableSql } from '@portal/plugin-sdk/server';

/**
 * The tables of plugin `redis`: its settings (`redis_settings`, generated from the config family's entity by
 * `npm run plugin:new`) and its figures' history (`redis_stats`, the stats family's).
 */
export class Migration20261128080947Redis extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "redis_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "redis_settings" add constraint "redis_settings_server_id_unique" unique ("server_id");`);
    for (const sql of statsTableSql('redis')) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "redis_stats";`);
    this.addSql(`drop table if exists "redis_settings" cascade;`);
  }
}
