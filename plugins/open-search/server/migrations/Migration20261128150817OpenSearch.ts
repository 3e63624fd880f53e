import { Migration } from '@mikro-orm/migrations';

/** The tables of plugin `open-search`, generated from its entities by `npm run plugin:new`. */
export class Migration20261128150817OpenSearch extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "open_search_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "open_search_settings" add constraint "open_search_settings_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "open_search_settings" cascade;`);
  }
}
