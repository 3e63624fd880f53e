import { Migration } from '@mikro-orm/migrations';

/** Database plans (issue 27): the plan's database, a restore's copy database and its table counts. */
export class Migration20261129100000BackupsDatabases extends Migration {
  override up(): void | Promise<void> {
    this.addSql(`alter table "backups_plans" add column "database" varchar(64) not null default '';`);
    this.addSql(`alter table "backups_restores" add column "copy_database" varchar(64) null, add column "tables" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "backups_plans" drop column "database";`);
    this.addSql(`alter table "backups_restores" drop column "copy_database", drop column "tables";`);
  }
}
