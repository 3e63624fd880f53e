import { Migration } from '@mikro-orm/migrations';

/** The desired state besides the settings (plugin `protection`): the jails and the WAF sites of a server. */
export class Migration20261129000000ProtectionState extends Migration {
  override up(): void {
    this.addSql(
      `create table "protection_jails" ("id" serial primary key, "server_id" int not null, "jail" varchar(32) not null, "enabled" boolean not null, "bantime_seconds" int not null, "maxretry" int not null, "findtime_seconds" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "protection_jails_server_id_index" on "protection_jails" ("server_id");`);
    this.addSql(
      `create table "protection_waf_sites" ("id" serial primary key, "server_id" int not null, "host" varchar(253) not null, "mode" varchar(8) not null, "exceptions" varchar(700) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "protection_waf_sites_server_id_index" on "protection_waf_sites" ("server_id");`);
  }
}
