import { Migration } from '@mikro-orm/migrations';

/** The tables of plugin `backups`, generated from its entities by `npm run plugin:new`. */
export class Migration20261128120315Backups extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "backups_plans" ("id" serial primary key, "server_id" int not null, "name" varchar(64) not null, "kind" varchar(16) not null, "path" varchar(255) not null, "schedule" varchar(16) not null, "hour" int not null, "keep_days" int not null, "keep_weeks" int not null, "keep_months" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "backups_plans_server_id_index" on "backups_plans" ("server_id");`);

    this.addSql(
      `create table "backups_repositories" ("id" serial primary key, "server_id" int not null, "sealed_password" varchar(512) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`alter table "backups_repositories" add constraint "backups_repositories_server_id_unique" unique ("server_id");`);

    this.addSql(
      `create table "backups_restores" ("id" serial primary key, "server_id" int not null, "plan_id" int not null, "snapshot_id" varchar(64) not null, "mode" varchar(16) not null, "status" varchar(16) not null, "changes" jsonb not null, "changes_total" int not null, "error" varchar(4000) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "backups_restores_server_id_index" on "backups_restores" ("server_id");`);

    this.addSql(
      `create table "backups_runs" ("id" serial primary key, "server_id" int not null, "plan_id" int not null, "restore_id" int null, "kind" varchar(16) not null, "status" varchar(16) not null, "stage" varchar(32) not null, "scheduled" boolean not null, "snapshot_id" varchar(64) null, "bytes" bigint null, "files" int null, "duration_ms" int null, "error" varchar(4000) null, "created_at" timestamptz not null, "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "backups_runs_server_id_index" on "backups_runs" ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "backups_plans" cascade;`);
    this.addSql(`drop table if exists "backups_repositories" cascade;`);
    this.addSql(`drop table if exists "backups_restores" cascade;`);
    this.addSql(`drop table if exists "backups_runs" cascade;`);
  }
}
