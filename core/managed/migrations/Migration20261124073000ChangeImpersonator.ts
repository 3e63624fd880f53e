import { Migration } from '@mikro-orm/migrations';

/** Issue 8: a change made while impersonating keeps the staff member behind it in the change log. */
export class Migration20261124073000ChangeImpersonator extends Migration {
  override up(): void {
    this.addSql(`alter table "managed_changes" add column "impersonator_id" int null, add column "impersonator_name" varchar(511) null;`);
    this.addSql(`alter table "managed_changes" add constraint "managed_changes_impersonator_id_foreign" foreign key ("impersonator_id") references "users" ("id") on delete set null;`);
  }

  override down(): void {
    this.addSql(`alter table "managed_changes" drop constraint "managed_changes_impersonator_id_foreign";`);
    this.addSql(`alter table "managed_changes" drop column "impersonator_id", drop column "impersonator_name";`);
  }
}
