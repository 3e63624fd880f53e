import { Migration } from '@mikro-orm/migrations';

/** The Managed Center platform: apply jobs, change log, configuration versions. */
export class Migration20261122130000ManagedCenter extends Migration {
  override up(): void {
    this.addSql(`create table "managed_jobs" ("id" serial primary key, "server_id" int not null, "plugin_id" varchar(32) not null, "kind" text not null, "status" text not null default 'queued', "step" text not null default 'queued', "progress" int not null default 0, "validation" jsonb null, "log" jsonb not null, "change_id" int null, "created_at" timestamptz not null, "finished_at" timestamptz null);`);
    this.addSql(`create index "managed_jobs_server_id_index" on "managed_jobs" ("server_id");`);
    this.addSql(`create table "managed_config_versions" ("id" serial primary key, "server_id" int not null, "plugin_id" varchar(32) not null, "version" int not null, "files" jsonb not null, "snapshot" jsonb null, "service" varchar(64) null, "change_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "managed_config_versions" add constraint "managed_config_versions_server_id_plugin_id_version_unique" unique ("server_id", "plugin_id", "version");`);
    this.addSql(`create table "managed_changes" ("id" serial primary key, "server_id" int not null, "plugin_id" varchar(32) not null, "kind" text not null, "summary" jsonb not null, "user_id" int null, "user_name" varchar(511) null, "status" text not null default 'pending', "version" int null, "diff" text not null, "validation" jsonb null, "job_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "managed_changes_server_id_created_at_index" on "managed_changes" ("server_id", "created_at");`);
    this.addSql(`alter table "managed_jobs" add constraint "managed_jobs_server_id_foreign" foreign key ("server_id") references "servers" ("id") on delete cascade;`);
    this.addSql(`alter table "managed_jobs" add constraint "managed_jobs_kind_check" check ("kind" in ('apply', 'rollback'));`);
    this.addSql(`alter table "managed_jobs" add constraint "managed_jobs_status_check" check ("status" in ('queued', 'running', 'succeeded', 'failed'));`);
    this.addSql(`alter table "managed_jobs" add constraint "managed_jobs_step_check" check ("step" in ('queued', 'writing', 'validating', 'reloading', 'restoring', 'done'));`);
    this.addSql(`alter table "managed_config_versions" add constraint "managed_config_versions_server_id_foreign" foreign key ("server_id") references "servers" ("id") on delete cascade;`);
    this.addSql(`alter table "managed_changes" add constraint "managed_changes_server_id_foreign" foreign key ("server_id") references "servers" ("id") on delete cascade;`);
    this.addSql(`alter table "managed_changes" add constraint "managed_changes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "managed_changes" add constraint "managed_changes_kind_check" check ("kind" in ('apply', 'rollback'));`);
    this.addSql(`alter table "managed_changes" add constraint "managed_changes_status_check" check ("status" in ('pending', 'applied', 'failed', 'rolled_back'));`);
  }
}
