import { Migration } from '@mikro-orm/migrations';

/** The crash loops announced in the notification centre (issue 25): one row per server and program while it lasts. */
export class Migration20261130090000SupervisorCrashLoops extends Migration {
  override up(): void {
    this.addSql(`create table "supervisor_crash_loops" ("id" serial primary key, "server_id" int not null, "program" varchar(40) not null, "since" timestamptz not null);`);
    this.addSql(`alter table "supervisor_crash_loops" add constraint "supervisor_crash_loops_server_id_program_unique" unique ("server_id", "program");`);
  }
}
