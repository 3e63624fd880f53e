import { Migration } from '@mikro-orm/migrations';

/** Cron jobs per server (plugin `cronjobs`). */
export class Migration20261122141000Cronjobs extends Migration {
  override up(): void {
    this.addSql(`create table "cronjobs_jobs" ("id" serial primary key, "server_id" int not null, "schedule" varchar(100) not null, "command" varchar(900) not null, "user" varchar(32) not null, "enabled" boolean not null default true, "last_run_at" timestamptz null, "last_exit_code" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "cronjobs_jobs_server_id_index" on "cronjobs_jobs" ("server_id");`);
  }
}
