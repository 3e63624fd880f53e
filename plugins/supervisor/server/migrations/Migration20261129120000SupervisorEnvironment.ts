import { Migration } from '@mikro-orm/migrations';

/** The environment of a program (issue 25): variables, secret ones sealed. */
export class Migration20261129120000SupervisorEnvironment extends Migration {
  override up(): void {
    this.addSql(`alter table "supervisor_programs" add column "environment" jsonb not null default '[]';`);
  }
}
