import { Migration } from '@mikro-orm/migrations';

/** Node.js applications per server (plugin `nodejs`). */
export class Migration20261129090000Nodejs extends Migration {
  override up(): void {
    this.addSql(
      `create table "nodejs_apps" ("id" serial primary key, "server_id" int not null, "name" varchar(30) not null, "node_version" varchar(3) not null, "script" varchar(200) not null, "port" int not null, "instances" int not null, "environment_names" varchar(4000) not null, "environment_sealed" text not null, "release" varchar(64) not null, "previous_release" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "nodejs_apps_server_id_index" on "nodejs_apps" ("server_id");`);
  }
}
