import { Migration } from '@mikro-orm/migrations';

/** The tables of plugin `protection`, generated from its entities by `npm run plugin:new`. */
export class Migration20261128234716Protection extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "protection_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "protection_settings" add constraint "protection_settings_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "protection_settings" cascade;`);
  }
}
