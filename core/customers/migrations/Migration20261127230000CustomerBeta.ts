import { Migration } from '@mikro-orm/migrations';

/** Whether a customer is registered for the beta phase (§8, R8.004): beta Managed Center modules are theirs only. */
export class Migration20261127230000CustomerBeta extends Migration {
  override up(): void {
    this.addSql(`alter table "customers" add column "beta_registered" boolean not null default false;`);
  }
}
