import { Migration } from '@mikro-orm/migrations';

/** The profiled sites (desired state), the runs and the configurations seen applied (plugin `profiler`). */
export class Migration20261129040000ProfilerState extends Migration {
  override up(): void {
    this.addSql(
      `create table "profiler_sites" ("id" serial primary key, "server_id" int not null, "host" varchar(253) not null, "document_root" varchar(200) not null, "enabled" boolean not null, "period_ms" int not null, "url_prefix" varchar(200) not null, "sample_rate_percent" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "profiler_sites_server_id_index" on "profiler_sites" ("server_id");`);
    this.addSql(
      `create table "profiler_runs" ("id" serial primary key, "server_id" int not null, "site_id" int not null, "host" varchar(253) not null, "script" varchar(200) not null, "uri" varchar(500) not null, "status" varchar(16) not null, "step" varchar(16) not null, "output" text not null, "profile_id" varchar(64) null, "created_at" timestamptz not null, "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "profiler_runs_server_id_index" on "profiler_runs" ("server_id");`);
    this.addSql(
      `create table "profiler_versions" ("id" serial primary key, "server_id" int not null, "fingerprint" varchar(16) not null, "version" int not null, "applied_at" timestamptz not null);`,
    );
    this.addSql(`create index "profiler_versions_server_id_index" on "profiler_versions" ("server_id");`);
  }
}
