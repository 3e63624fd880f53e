import { Migration } from '@mikro-orm/migrations';

/** Programs per server (plugin `supervisor`). */
export class Migration20261128090610Supervisor extends Migration {
  override up(): void {
    this.addSql(
      `create table "supervisor_programs" ("id" serial primary key, "server_id" int not null, "name" varchar(40) not null, "command" varchar(900) not null, "directory" varchar(255) not null, "user" varchar(20) not null, "numprocs" int not null, "autostart" boolean not null, "autorestart" varchar(12) not null, "startsecs" int not null, "stopwaitsecs" int not null, "stopsignal" varchar(4) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "supervisor_programs_server_id_index" on "supervisor_programs" ("server_id");`);
  }
}
