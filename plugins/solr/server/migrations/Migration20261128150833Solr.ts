import { Migration } from '@mikro-orm/migrations';

/** The tables of plugin `solr`, generated from its entities by `npm run plugin:new`. */
export class Migration20261128150833Solr extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "solr_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "solr_settings" add constraint "solr_settings_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "solr_settings" cascade;`);
  }
}
