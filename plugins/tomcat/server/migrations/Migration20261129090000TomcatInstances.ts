import { Migration } from '@mikro-orm/migrations';

/**
 * Instances (issue 25, "one private instance per application"): table `tomcat_instances`, and every application
 * belongs to one. A server that had the single instance gets an instance `default` in slot 1 with the settings it had
 * (the defaults where none were stored) on port 8080, and its applications move into it — nothing existing breaks.
 */
export class Migration20261129090000TomcatInstances extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "tomcat_instances" ("id" serial primary key, "server_id" int not null, "name" varchar(30) not null, "slot" int not null, "port" int not null, "heap_min_mb" int not null, "heap_max_mb" int not null, "jvm_options" varchar(500) not null, "max_threads" int not null, "connection_timeout_ms" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "tomcat_instances_server_id_index" on "tomcat_instances" ("server_id");`);
    this.addSql(`alter table "tomcat_applications" add column "instance" varchar(30) not null default 'default';`);
    this.addSql(
      `insert into "tomcat_instances" ("server_id", "name", "slot", "port", "heap_min_mb", "heap_max_mb", "jvm_options", "max_threads", "connection_timeout_ms", "created_at")
       select s.server_id, 'default', 1, 8080,
              coalesce((st."values"->>'heapMinMb')::int, 64), coalesce((st."values"->>'heapMaxMb')::int, 256),
              coalesce(st."values"->>'jvmOptions', ''), coalesce((st."values"->>'maxThreads')::int, 50),
              coalesce((st."values"->>'connectionTimeoutMs')::int, 20000), now()
       from (select server_id from "tomcat_settings" union select server_id from "tomcat_applications") s
       left join "tomcat_settings" st on st.server_id = s.server_id;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tomcat_applications" drop column "instance";`);
    this.addSql(`drop table if exists "tomcat_instances" cascade;`);
  }
}
