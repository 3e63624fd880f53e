import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31 §3 / issue 24 §2: version 0 of a plugin on a server is its baseline (the server before the first
 * change); it also lists the paths that did not exist then, so undoing the first change removes only those.
 */
export class Migration20261127213000ManagedBaseline extends Migration {
  override up(): void {
    this.addSql(`alter table "managed_config_versions" add column "absent_paths" jsonb null;`);
  }

  override down(): void {
    this.addSql(`alter table "managed_config_versions" drop column "absent_paths";`);
  }
}
