import { Migration } from '@mikro-orm/migrations';

/** The tables of plugin `profiler`, generated from its entities by `npm run plugin:new`. */
export class Migration20261129033725Profiler extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "profiler_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "profiler_settings" add constraint "profiler_settings_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "profiler_settings" cascade;`);
  }
}
