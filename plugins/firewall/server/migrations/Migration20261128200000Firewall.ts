import { Migration } from '@mikro-orm/migrations';

/** Rules per server and the confirm window of the last change (plugin `firewall`). */
export class Migration20261128200000Firewall extends Migration {
  override up(): void {
    this.addSql(
      `create table "firewall_rules" ("id" serial primary key, "server_id" int not null, "action" varchar(8) not null, "protocol" varchar(8) not null, "ports" varchar(11) not null, "sources" varchar(1000) not null, "comment" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "firewall_rules_server_id_index" on "firewall_rules" ("server_id");`);
    this.addSql(
      `create table "firewall_confirmations" ("id" serial primary key, "server_id" int not null, "confirmed_rules" jsonb not null, "user_id" int not null, "base_version" int not null, "changed_at" timestamptz not null, "deadline" timestamptz null);`,
    );
    this.addSql(`alter table "firewall_confirmations" add constraint "firewall_confirmations_server_id_unique" unique ("server_id");`);
  }
}
