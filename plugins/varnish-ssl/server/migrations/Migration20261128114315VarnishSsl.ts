import { Migration } from '@mikro-orm/migrations';

/** The tables of plugin `varnish-ssl`, generated from its entities by `npm run plugin:new`. */
export class Migration20261128114315VarnishSsl extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "varnish_ssl_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "varnish_ssl_settings" add constraint "varnish_ssl_settings_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "varnish_ssl_settings" cascade;`);
  }
}
