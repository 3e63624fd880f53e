import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24 §2 (drift): a job that found files changed on the server keeps what it found (`drift`: path,
 * expected and found hash, diff); an "overwrite" job carries the found hashes it may replace (`drift_accepted`).
 */
export class Migration20261127230000ManagedDrift extends Migration {
  override up(): void {
    this.addSql(`alter table "managed_jobs" add column "drift" jsonb null, add column "drift_accepted" jsonb null;`);
  }

  override down(): void {
    this.addSql(`alter table "managed_jobs" drop column "drift", drop column "drift_accepted";`);
  }
}
