import { Migration } from '@mikro-orm/migrations';

/** The tables of plugin `sphinx`, generated from its entities by `npm run plugin:new`. */
export class Migration20261128150617Sphinx extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "sphinx_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "sphinx_settings" add constraint "sphinx_settings_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sphinx_settings" cascade;`);
  }
}
