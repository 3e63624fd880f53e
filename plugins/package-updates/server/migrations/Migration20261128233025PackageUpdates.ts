import { Migration } from '@mikro-orm/migrations';
import { reportTableSql } from '@portal/plugin-sdk/server';

/**
 * The tables of plugin `package-updates`: its settings (generated from `configEntity` by `npm run plugin:new`) and
 * its upgrade runs (`package_updates_reports`, the SDK's report table: progress and the applied packages).
 */
export class Migration20261128233025PackageUpdates extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "package_updates_settings" ("id" serial primary key, "server_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "package_updates_settings" add constraint "package_updates_settings_server_id_unique" unique ("server_id");`);
    for (const sql of reportTableSql('package-updates')) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "package_updates_reports" cascade;`);
    this.addSql(`drop table if exists "package_updates_settings" cascade;`);
  }
}
